//! The message catalogs: every sentence Rochade says or prints, per language, and the
//! scoresheet's headings, read from `grammars/<code>.ftl` beside the vocabularies.
//!
//! The catalogs are [Fluent](https://projectfluent.org) files, formatted with `fluent-bundle`:
//! a message has an id and placeholders (`{ $heard }`), and may choose its words by a number's
//! plural category (`{ $count -> [one] … *[other] … }`) or by a word such as a piece's role,
//! so plurals and gender stay in the catalog. Numbers are passed in words (`$number`, from
//! [`crate::numbers`]) beside their value (`$count`), because spelling a number out is an
//! algorithm, not a sentence. The built-in catalogs are compiled into the binary, so Rochade
//! needs no files at run time; a language is its `.ftl` catalog, its [`Lang`] variant, the
//! number words in [`crate::numbers`] and its words for moves: a `.toml` vocabulary (de, en)
//! or a table of words to say ([`crate::announce`]: ar, he).
//!
//! Rochade turns off Fluent's Unicode isolation marks around placeholders: the text goes to
//! speech synthesizers, screen readers and braille, which would say or show them.
//!
//! ```
//! use rochade::catalog::Catalog;
//! use rochade::lang::Lang;
//!
//! let de = Catalog::builtin(Lang::De);
//! assert_eq!(de.text("not-possible", &[("heard", "eva vier".into())]), "eva vier: nicht möglich.");
//! assert_eq!(Catalog::builtin(Lang::En).text("made", &[]), "Made.");
//! ```
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;

use crate::lang::Lang;

/// Why a catalog could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("{name}: not a Fluent catalog: {errors}")]
    Syntax { name: String, errors: String },
    #[error("{name}: {errors}")]
    Bundle { name: String, errors: String },
}

/// A value put into a placeholder: words, or a number (for plural selectors).
#[derive(Debug, Clone)]
pub enum Arg<'a> {
    Text(Cow<'a, str>),
    Number(u64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(text.as_str()))
    }
}

impl From<String> for Arg<'_> {
    fn from(text: String) -> Self {
        Arg::Text(Cow::Owned(text))
    }
}

impl From<u64> for Arg<'_> {
    fn from(n: u64) -> Self {
        Arg::Number(n)
    }
}

impl From<u32> for Arg<'_> {
    fn from(n: u32) -> Self {
        Arg::Number(u64::from(n))
    }
}

impl From<usize> for Arg<'_> {
    fn from(n: usize) -> Self {
        Arg::Number(n as u64)
    }
}

/// The sentences of one language.
pub struct Catalog {
    lang: Lang,
    name: String,
    bundle: FluentBundle<FluentResource>,
    /// Each message's placeholders, for the completeness check.
    placeholders: BTreeMap<String, BTreeSet<String>>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog")
            .field("lang", &self.lang)
            .field("name", &self.name)
            .field("messages", &self.placeholders.len())
            .finish()
    }
}

/// The Fluent source of a built-in catalog.
pub fn builtin_source(lang: Lang) -> &'static str {
    match lang {
        Lang::De => include_str!("../grammars/de.ftl"),
        Lang::En => include_str!("../grammars/en.ftl"),
        Lang::Ar => include_str!("../grammars/ar.ftl"),
        Lang::He => include_str!("../grammars/he.ftl"),
    }
}

impl Catalog {
    /// The built-in catalog of a language, parsed once per process.
    pub fn builtin(lang: Lang) -> Arc<Catalog> {
        static BUILTIN: OnceLock<Vec<(Lang, Arc<Catalog>)>> = OnceLock::new();
        let all = BUILTIN.get_or_init(|| {
            Lang::ALL
                .iter()
                .map(|&l| {
                    let catalog =
                        Catalog::from_ftl(l, &format!("{}.ftl", l.code()), builtin_source(l))
                            // The built-in catalogs are tested (catalog_completeness); a broken one is a
                            // build defect, not bad input.
                            .unwrap_or_else(|e| panic!("built-in catalog: {e}"));
                    (l, Arc::new(catalog))
                })
                .collect()
        });
        all.iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, c)| Arc::clone(c))
            .unwrap_or_else(|| unreachable!("Lang::ALL lists every language"))
    }

    /// A catalog from Fluent source; `name` names it in errors.
    pub fn from_ftl(lang: Lang, name: &str, source: &str) -> Result<Catalog, CatalogError> {
        let resource = FluentResource::try_new(source.to_string()).map_err(|(_, errors)| {
            CatalogError::Syntax {
                name: name.to_string(),
                errors: joined(&errors),
            }
        })?;
        let mut placeholders = BTreeMap::new();
        for entry in resource.entries() {
            if let ast::Entry::Message(message) = entry {
                let mut names = BTreeSet::new();
                if let Some(value) = &message.value {
                    pattern_placeholders(value, &mut names);
                }
                placeholders.insert(message.id.name.to_string(), names);
            }
        }
        let id = lang.code().parse().map_err(|e| CatalogError::Bundle {
            name: name.to_string(),
            errors: format!("{e}"),
        })?;
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        bundle.set_use_isolating(false);
        bundle
            .add_resource(resource)
            .map_err(|errors| CatalogError::Bundle {
                name: name.to_string(),
                errors: joined(&errors),
            })?;
        Ok(Catalog {
            lang,
            name: name.to_string(),
            bundle,
            placeholders,
        })
    }

    /// The language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The message `id` with its placeholders filled. A missing message gives its id, so a gap
    /// is heard and found (the completeness test keeps the built-in catalogs whole).
    pub fn text(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            let value = match value {
                Arg::Text(text) => FluentValue::from(text.as_ref()),
                Arg::Number(n) => FluentValue::from(*n),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        let args = (!args.is_empty()).then_some(&fluent_args);
        self.bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned()
    }

    /// Every message id, with the placeholders its value uses.
    pub fn messages(&self) -> &BTreeMap<String, BTreeSet<String>> {
        &self.placeholders
    }

    /// The fixed words of a message: its text pieces between placeholders, in every variant.
    pub fn fixed_texts(&self, id: &str) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) {
            pattern_texts(pattern, &mut out);
        }
        out
    }
}

fn pattern_placeholders<S: AsRef<str>>(pattern: &ast::Pattern<S>, names: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_placeholders(expression, names);
        }
    }
}

fn expression_placeholders<S: AsRef<str>>(
    expression: &ast::Expression<S>,
    names: &mut BTreeSet<String>,
) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_placeholders(selector, names);
            for variant in variants {
                pattern_placeholders(&variant.value, names);
            }
        }
        ast::Expression::Inline(inline) => inline_placeholders(inline, names),
    }
}

fn inline_placeholders<S: AsRef<str>>(
    inline: &ast::InlineExpression<S>,
    names: &mut BTreeSet<String>,
) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            names.insert(id.name.as_ref().to_string());
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_placeholders(expression, names)
        }
        _ => {}
    }
}

fn pattern_texts<S: AsRef<str>>(pattern: &ast::Pattern<S>, out: &mut Vec<String>) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push(value.as_ref().to_string()),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Select { variants, .. },
            } => {
                for variant in variants {
                    pattern_texts(&variant.value, out);
                }
            }
            ast::PatternElement::Placeable { .. } => {}
        }
    }
}

/// Fluent's errors as one line, for a message that names the catalog.
fn joined(errors: &[impl std::fmt::Debug]) -> String {
    errors
        .iter()
        .map(|e| format!("{e:?}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The first letter in upper case, for a sentence that starts with a placeholder.
pub fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
