//! One JSGF expansion for a list of phrase patterns, with their common beginnings said once.
//!
//! Pocketsphinx turns every alternative of a JSGF rule into its own chain of grammar states:
//! a position's few hundred patterns ("bauer eva zwei …", "bauer eva vier", …) each start
//! their own "bauer". Its search then carries each copy separately, and the word lattice it
//! builds for the n-best list grows with them; building that lattice cost up to a second
//! after the end of speech in noise (`rochade bench voice`, `ROCHADE_VOICE_LOG`). Written as
//! a tree of shared beginnings the expansion says exactly the same phrases with far fewer
//! states.
//!
//! Each pattern is a sequence of parts, as JSGF text (a word, a group "( a | b )", an
//! optional "[ … ]"). Every branch carries as weight the number of patterns under it, so a
//! pattern keeps the share of the grammar's probability it had as one of a flat list's
//! alternatives (pocketsphinx normalises the weights at each branch).
use std::collections::BTreeMap;

/// A tree of parts: a pattern is a path from the root, ending at a node marked `ends`.
#[derive(Default)]
struct Node {
    children: BTreeMap<String, Node>,
    /// Patterns that end here.
    ends: usize,
    /// Patterns at or under this node.
    patterns: usize,
}

impl Node {
    fn insert(&mut self, parts: &[String]) {
        self.patterns += 1;
        match parts.split_first() {
            None => self.ends += 1,
            Some((first, rest)) => self.children.entry(first.clone()).or_default().insert(rest),
        }
    }

    /// What may follow this node: its one sequence as it is, or its alternatives in a
    /// group, each with its weight; a pattern ending here is the empty expansion `<NULL>`.
    fn follow(&self) -> String {
        let then = |part: &str, child: &Node| {
            if child.children.is_empty() {
                part.to_string()
            } else {
                format!("{part} {}", child.follow())
            }
        };
        if self.ends == 0
            && let Some((part, child)) = self.children.iter().next()
            && self.children.len() == 1
        {
            return then(part, child);
        }
        let mut alternatives: Vec<String> = Vec::new();
        if self.ends > 0 {
            alternatives.push(format!("/{}/ <NULL>", self.ends));
        }
        for (part, child) in &self.children {
            alternatives.push(format!("/{}/ {}", child.patterns, then(part, child)));
        }
        format!("( {} )", alternatives.join("\n  | "))
    }
}

/// The patterns (each a sequence of JSGF parts; empty ones and repeats are left out) as one expansion with shared
/// beginnings and weights that keep every pattern equally likely.
pub fn shared_prefix_expansion(patterns: &[Vec<String>]) -> String {
    // A pattern given twice is one phrase: counted twice, it would weigh double.
    let unique: std::collections::BTreeSet<&Vec<String>> =
        patterns.iter().filter(|p| !p.is_empty()).collect();
    let mut root = Node::default();
    for pattern in unique {
        root.insert(pattern);
    }
    format!("( {} )", root.follow())
}

/// The alternative word sequences of one slot as one JSGF expansion, the first words with the
/// same continuations said together: "( eva ( five | vier ) | ( e | echo ) five )", not every
/// pair on its own. Pocketsphinx searches each word of each alternative separately: an
/// English square's pairs written out took the 95th percentile of decoding on the tuning set
/// in pink noise from 215 to 320 ms. An empty sequence is `<NULL>`.
pub fn alternatives(sequences: &[Vec<String>]) -> String {
    let mut unique: Vec<&[String]> = Vec::new();
    for s in sequences {
        if !unique.contains(&s.as_slice()) {
            unique.push(s);
        }
    }
    match unique.as_slice() {
        [] | [[]] => return "<NULL>".to_string(),
        [only] => return only.join(" "),
        _ => {}
    }
    // first word → its continuations, in the order given
    let mut follows: Vec<(&str, Vec<Vec<String>>)> = Vec::new();
    for s in &unique {
        let (first, rest) = match s.split_first() {
            Some((first, rest)) => (first.as_str(), rest.to_vec()),
            None => ("", Vec::new()),
        };
        match follows.iter_mut().find(|(f, _)| *f == first) {
            Some((_, rests)) => rests.push(rest),
            None => follows.push((first, vec![rest])),
        }
    }
    // first words with the same continuations → one group
    let mut groups: Vec<(Vec<&str>, Vec<Vec<String>>)> = Vec::new();
    for (first, mut rests) in follows {
        rests.sort();
        match groups.iter_mut().find(|(_, r)| *r == rests) {
            Some((firsts, _)) => firsts.push(first),
            None => groups.push((vec![first], rests)),
        }
    }
    let said: Vec<String> = groups
        .iter()
        .map(|(firsts, rests)| {
            let word = |w: &str| {
                if w.is_empty() {
                    "<NULL>".to_string()
                } else {
                    w.to_string()
                }
            };
            let head = match firsts.as_slice() {
                [one] => word(one),
                many => {
                    let many: Vec<String> = many.iter().map(|w| word(w)).collect();
                    format!("( {} )", many.join(" | "))
                }
            };
            if rests.iter().all(Vec::is_empty) {
                head
            } else {
                format!("{head} {}", alternatives(rests))
            }
        })
        .collect();
    if said.len() == 1 {
        said.into_iter().next().unwrap_or_default()
    } else {
        format!("( {} )", said.join(" | "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn parts(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn common_beginnings_are_said_once_with_the_patterns_under_them_as_weight() {
        let text = shared_prefix_expansion(&[
            parts("bauer eva vier"),
            parts("bauer eva zwei eva vier"),
            parts("springer felix drei"),
        ]);
        assert_eq!(text.matches("bauer").count(), 1, "{text}");
        assert!(text.contains("/2/ bauer eva"), "{text}");
        assert!(text.contains("/1/ springer felix drei"), "{text}");
        assert!(text.contains("/1/ vier"), "{text}");
        assert!(text.contains("/1/ zwei eva vier"), "{text}");
    }

    #[test]
    fn a_pattern_that_is_the_beginning_of_another_may_end_there() {
        let text = shared_prefix_expansion(&[parts("remis"), parts("remis anbieten")]);
        assert_eq!(text, "( remis ( /1/ <NULL>\n  | /1/ anbieten ) )");
    }

    /// The phrases an expansion written by [`shared_prefix_expansion`] says, as part
    /// sequences; checks on the way that every alternative's weight is its number of phrases.
    fn phrases(tokens: &mut std::iter::Peekable<std::vec::IntoIter<String>>) -> Vec<Vec<String>> {
        let mut said: Vec<Vec<String>> = vec![Vec::new()];
        while let Some(token) = tokens.peek().cloned() {
            let items: Vec<Vec<String>> = match token.as_str() {
                ")" | "|" => break,
                "(" => {
                    tokens.next();
                    let mut group = Vec::new();
                    loop {
                        let weight = tokens
                            .next_if(|t| t.starts_with('/'))
                            .map(|t| t.trim_matches('/').parse::<usize>().unwrap());
                        let alternative = if tokens.next_if(|t| t == "<NULL>").is_some() {
                            vec![Vec::new()]
                        } else {
                            phrases(tokens)
                        };
                        if let Some(weight) = weight {
                            assert_eq!(weight, alternative.len(), "weight of {alternative:?}");
                        }
                        group.extend(alternative);
                        match tokens.next().as_deref() {
                            Some("|") => continue,
                            Some(")") => break,
                            other => panic!("unexpected {other:?}"),
                        }
                    }
                    group
                }
                word => {
                    tokens.next();
                    vec![vec![word.to_string()]]
                }
            };
            said = said
                .iter()
                .flat_map(|head| {
                    items.iter().map(move |tail| {
                        let mut phrase = head.clone();
                        phrase.extend(tail.iter().cloned());
                        phrase
                    })
                })
                .collect();
        }
        said
    }

    /// Every phrase `text` says, when all of it reads as an expansion.
    fn said_all(text: &str) -> Option<BTreeSet<Vec<String>>> {
        let tokens: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        let mut tokens = tokens.into_iter().peekable();
        let said = phrases(&mut tokens).into_iter().collect();
        tokens.next().is_none().then_some(said)
    }

    fn owned(sequences: &[Vec<&str>]) -> Vec<Vec<String>> {
        sequences
            .iter()
            .map(|p| p.iter().map(|w| w.to_string()).collect())
            .collect()
    }

    proptest::proptest! {
        /// The expansion says exactly the patterns given, no more and no fewer, and each
        /// branch weighs as many patterns as it holds.
        #[test]
        fn the_expansion_says_exactly_the_patterns(
            patterns in proptest::collection::vec(
                proptest::collection::vec(proptest::sample::select(vec!["a", "b", "c", "d"]), 1..5),
                1..30,
            )
        ) {
            let patterns = owned(&patterns);
            let text = shared_prefix_expansion(&patterns);
            proptest::prop_assert_eq!(said_all(&text), Some(patterns.into_iter().collect()), "{}", text);
        }
    }

    #[test]
    fn the_first_words_of_a_slot_with_the_same_continuations_are_said_together() {
        let pairs: Vec<Vec<String>> = ["eva five", "e five", "echo five", "eva vier"]
            .iter()
            .map(|p| parts(p))
            .collect();
        assert_eq!(
            alternatives(&pairs),
            "( eva ( five | vier ) | ( e | echo ) five )"
        );
        let words: Vec<Vec<String>> = ["turm", "dame"].iter().map(|p| parts(p)).collect();
        assert_eq!(alternatives(&words), "( turm | dame )");
        let one = vec![parts("kleine rochade"), parts("kleine rochade")];
        assert_eq!(alternatives(&one), "kleine rochade");
        assert_eq!(alternatives(&[]), "<NULL>");
    }

    proptest::proptest! {
        /// A slot's expansion says exactly its sequences, an empty one included.
        #[test]
        fn a_slot_says_exactly_its_sequences(
            sequences in proptest::collection::vec(
                proptest::collection::vec(proptest::sample::select(vec!["a", "b", "c"]), 0..4),
                1..12,
            )
        ) {
            let sequences = owned(&sequences);
            let text = format!("( {} )", alternatives(&sequences));
            proptest::prop_assert_eq!(said_all(&text), Some(sequences.into_iter().collect()), "{}", text);
        }
    }

    #[test]
    fn a_pattern_given_twice_weighs_once() {
        let text = shared_prefix_expansion(&[parts("b"), parts("b"), parts("c")]);
        assert_eq!(text, "( ( /1/ b\n  | /1/ c ) )");
    }

    #[test]
    fn a_single_pattern_is_one_group() {
        assert_eq!(
            shared_prefix_expansion(&[parts("kleine rochade")]),
            "( kleine rochade )"
        );
    }
}
