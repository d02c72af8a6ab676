//! `rochade bench voice` (in progress).
