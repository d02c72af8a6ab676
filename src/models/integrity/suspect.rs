//! Which file of a model that failed its trial is probably the bad one ([`Suspect`]), told
//! by looking at the model's well-known files: the first one missing, empty or not starting
//! as it must.
use std::io::Read;
use std::path::Path;

/// The file that is probably the bad one (or the few Vosk was reading at once), and why it
/// is thought so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suspect {
    /// Relative to the model's directory.
    pub files: Vec<String>,
    pub why: String,
}

impl Suspect {
    pub(super) fn one(file: &str, why: &str) -> Suspect {
        Suspect {
            files: vec![file.to_string()],
            why: why.to_string(),
        }
    }
}

impl std::fmt::Display for Suspect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.files.as_slice() {
            [file] => write!(f, "the file {file} is bad: {}", self.why),
            files => write!(
                f,
                "one of the files {} is bad: {}",
                files.join(" and "),
                self.why
            ),
        }
    }
}

/// How a well-known file of a Vosk model must begin, if it is to be checked.
enum Shape {
    /// A Kaldi object, binary ("\0B<Token>") or text ("<Token>").
    Kaldi(&'static str),
    /// An OpenFST file (its magic number, little-endian).
    Fst,
    /// Text of any kind; only its presence and size are checked.
    Text,
}

/// The files a Vosk model needs, by what Vosk reads: the acoustic model, the feature
/// configuration, a graph (HCLG.fst, or HCLr.fst with Gr.fst for grammars at run time),
/// and the i-vector extractor's files when it has one (Vosk uses it if ivector/final.ie
/// exists).
fn well_known(dir: &Path) -> Vec<(&'static str, Shape)> {
    let mut files = vec![
        ("am/final.mdl", Shape::Kaldi("<TransitionModel>")),
        ("conf/mfcc.conf", Shape::Text),
    ];
    if dir.join("graph/HCLG.fst").exists() {
        files.push(("graph/HCLG.fst", Shape::Fst));
    } else {
        files.push(("graph/HCLr.fst", Shape::Fst));
        files.push(("graph/Gr.fst", Shape::Fst));
    }
    let ivector_conf = std::fs::read_to_string(dir.join("conf/ivector.conf")).unwrap_or_default();
    if dir.join("ivector").is_dir() || !ivector_conf.is_empty() {
        files.extend([
            ("ivector/final.ie", Shape::Kaldi("<IvectorExtractor>")),
            ("ivector/final.dubm", Shape::Kaldi("<DiagGMM>")),
            ("ivector/final.mat", Shape::Text),
            ("ivector/global_cmvn.stats", Shape::Text),
            ("ivector/splice.conf", Shape::Text),
        ]);
    }
    files
}

/// Looks at the well-known files of a model that failed its trial: the first one missing,
/// empty, or not starting as it must is the suspect.
pub fn diagnose(dir: &Path) -> Option<Suspect> {
    let suspect = |file: &str, why: &str| Some(Suspect::one(file, why));
    for (file, shape) in well_known(dir) {
        let path = dir.join(file);
        let Ok(meta) = std::fs::metadata(&path) else {
            return suspect(file, "it is missing");
        };
        if meta.len() == 0 {
            return suspect(file, "it is empty");
        }
        let mut head = [0u8; 64];
        let n = std::fs::File::open(&path)
            .and_then(|mut f| f.read(&mut head))
            .unwrap_or(0);
        let head = &head[..n];
        let fits = match shape {
            Shape::Text => true,
            Shape::Fst => head.starts_with(&0x7eb2_fdd6_u32.to_le_bytes()),
            Shape::Kaldi(token) => {
                let body = head.strip_prefix(b"\0B").unwrap_or(head);
                let body = body.trim_ascii_start();
                body.starts_with(token.as_bytes())
            }
        };
        if !fits {
            return suspect(
                file,
                match shape {
                    Shape::Fst => "it does not start like an OpenFST graph",
                    _ => "it does not start like a Kaldi model file",
                },
            );
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::integrity::tests::model_like;

    #[test]
    fn the_diagnosis_names_empty_missing_and_misshapen_files() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("m");
        model_like(&dir);
        assert_eq!(diagnose(&dir), None);
        std::fs::write(dir.join("am/final.mdl"), b"garbage, not a model").expect("write");
        let s = diagnose(&dir).expect("suspect");
        assert_eq!(s.files, ["am/final.mdl"]);
        assert!(s.why.contains("Kaldi"), "{s:?}");
        model_like(&dir);
        std::fs::write(dir.join("conf/mfcc.conf"), b"").expect("write");
        assert_eq!(diagnose(&dir).expect("suspect").why, "it is empty");
        model_like(&dir);
        std::fs::write(dir.join("graph/HCLG.fst"), b"0123456789").expect("write");
        assert_eq!(diagnose(&dir).expect("suspect").files, ["graph/HCLG.fst"]);
        std::fs::remove_file(dir.join("graph/HCLG.fst")).expect("remove");
        assert_eq!(diagnose(&dir).expect("suspect").files, ["graph/HCLr.fst"]);
    }
}
