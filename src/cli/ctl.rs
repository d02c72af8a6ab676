//! `rochade ctl`: the control client of `rochade service`. One subcommand is one request on
//! the control socket ([`super::control`]); the reply is printed as plain lines (the sentences
//! said, marked with whom they are for) or, for `status --json`, as one JSON object. The exit
//! status is 0 when the request was carried out, 1 when the service refused it (the reason is
//! printed), 2 when no service answers.
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::assistant::protocol::Listener;
use crate::catalog::Catalog;
use crate::cli::control::{self, ControlError, ControlReply, ControlRequest, Status};
use crate::cli::remote::{ViewSide, ViewState};
use crate::lang::Lang;

/// The settings of `rochade ctl`.
#[derive(Debug, Args)]
pub struct CtlArgs {
    /// The language of this program's own lines (the game's sentences come in the game's).
    #[arg(long, default_value = "de", global = true)]
    pub lang: Lang,
    #[command(subcommand)]
    pub command: CtlCommand,
}

#[derive(Debug, Subcommand)]
pub enum CtlCommand {
    /// Start a game with these options of `rochade play` (after the service's own).
    NewGame {
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "PLAY OPTIONS"
        )]
        options: Vec<String>,
    },
    /// Resume a game from its journal (the newest in the games folder when none is named).
    Resume {
        journal: Option<PathBuf>,
        /// Go on from the last good line of a damaged journal (the arbiter's decision).
        #[arg(long = "accept-damage")]
        accept_damage: bool,
    },
    /// The player's words, as if said or typed ("e4", "Springer f3", "ja", "Zeit"; between
    /// games "Neue Partie", "Hilfe").
    Input {
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        text: Vec<String>,
    },
    /// The opponent's entry, as `> ` and the entry in `play` ("e5", "remis").
    Opponent {
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        text: Vec<String>,
    },
    /// Where the game stands.
    Status {
        /// As one JSON object: state, fen, moves, white_ms, black_ms, running, to_move,
        /// player, waiting, question, last_said, result, lang, timed, journal.
        #[arg(long)]
        json: bool,
    },
    /// Start or end an utterance (for a desktop key, with the service's --push-to-talk).
    PushToTalk,
    /// The player's "Wiederholen": the last news again.
    Repeat,
    /// End the game (its journal keeps it); with --service, the service too.
    Stop {
        #[arg(long)]
        service: bool,
    },
}

/// Sends the request and prints the reply; the exit status.
pub fn run(args: CtlArgs) -> anyhow::Result<i32> {
    let own = Catalog::builtin(args.lang);
    let mut json = false;
    let request = match args.command {
        CtlCommand::NewGame { options } => ControlRequest::NewGame { options },
        CtlCommand::Resume {
            journal,
            accept_damage,
        } => ControlRequest::Resume {
            journal: journal.map(|p| std::path::absolute(&p).unwrap_or(p)),
            accept_damage,
        },
        CtlCommand::Input { text } => ControlRequest::Input {
            text: text.join(" "),
        },
        CtlCommand::Opponent { text } => ControlRequest::Opponent {
            text: text.join(" "),
        },
        CtlCommand::Status { json: j } => {
            json = j;
            ControlRequest::Status
        }
        CtlCommand::PushToTalk => ControlRequest::PushToTalk,
        CtlCommand::Repeat => ControlRequest::Repeat,
        CtlCommand::Stop { service } => ControlRequest::Stop { service },
    };
    let path = control::socket_path()?;
    let reply = match control::exchange(&path, &request) {
        Ok(reply) => reply,
        Err(ControlError::NoService { path, source }) => {
            eprintln!(
                "{}",
                own.text(
                    "ctl-no-service",
                    &[
                        ("path", path.display().to_string().into()),
                        ("why", source.to_string().into()),
                    ],
                )
            );
            return Ok(2);
        }
        Err(e) => {
            eprintln!(
                "{}",
                own.text("ctl-failed", &[("why", e.to_string().into())])
            );
            return Ok(2);
        }
    };
    match reply {
        ControlReply::Taken { said, lang } => {
            let catalog = catalog_of(&lang, args.lang);
            for s in said {
                let id = match s.to {
                    Listener::Player => "to-player",
                    Listener::Opponent => "to-opponent",
                    Listener::Arbiter => "to-arbiter",
                };
                println!("{}", catalog.text(id, &[("text", s.text.into())]));
            }
            Ok(0)
        }
        ControlReply::Refused { why, .. } => {
            println!("{why}");
            Ok(1)
        }
        ControlReply::Status { status } => {
            if json {
                println!("{}", serde_json::to_string(&status)?);
            } else {
                print_status(&status, &catalog_of(&status.lang, args.lang));
            }
            Ok(0)
        }
    }
}

fn catalog_of(code: &str, fallback: Lang) -> std::sync::Arc<Catalog> {
    let lang = Lang::ALL
        .into_iter()
        .find(|l| l.code() == code)
        .unwrap_or(fallback);
    Catalog::builtin(lang)
}

/// The status as plain lines.
fn print_status(status: &Status, catalog: &Catalog) {
    let state = match status.state {
        ViewState::Idle => "status-idle",
        ViewState::Playing => "status-playing",
        ViewState::Paused => "status-paused",
        ViewState::Over => "status-over",
    };
    println!("{}", catalog.text(state, &[]));
    if status.state != ViewState::Idle {
        let side = catalog.text(
            match status.to_move {
                ViewSide::White => "side-white",
                ViewSide::Black => "side-black",
            },
            &[],
        );
        if status.moves.is_empty() {
            println!(
                "{}",
                catalog.text("status-no-moves", &[("side", side.into())])
            );
        } else {
            println!(
                "{}",
                catalog.text(
                    "status-moves",
                    &[
                        ("moves", status.moves.join(" ").into()),
                        ("side", side.into())
                    ]
                )
            );
        }
    }
    if let Some(q) = &status.question {
        println!(
            "{}",
            catalog.text("status-question", &[("question", q.into())])
        );
    }
    if let Some(r) = &status.result {
        println!("{}", catalog.text("status-result", &[("result", r.into())]));
    }
    if let Some(t) = &status.last_said {
        println!("{}", catalog.text("last-said", &[("text", t.into())]));
    }
}
