//! The commands a player speaks to the assistant in a game, and to the service between games:
//! what each is, not the words that say it (those are the vocabulary's).
use serde::{Deserialize, Serialize};

/// A command a player can speak (SPOKEN-MOVES.md §1, "Commands").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    /// Both clocks, own first (D.2.9.d: only on request).
    Time,
    /// Moves completed and moves left to the time control.
    Moves,
    /// Repeat the last announcement.
    Repeat,
    /// Withdraw a slip of the tongue before the opponent's clock starts (D.2.6).
    Correction,
    /// Confirm a read-back or answer a question.
    Yes,
    /// Reject a read-back or cancel a question.
    No,
    /// Offer, accept or claim a draw (9.1–9.3).
    Draw,
    /// Resign, after a confirmation.
    Resign,
    /// Say what can be said now.
    Help,
    /// Stop the clocks and call the arbiter (6.11, 7.5).
    Arbiter,
    /// Training mode only: the position read aloud.
    Position,
    /// The last move of the game, whoever made it.
    LastMove,
    /// The player's own scoresheet read aloud (D.2.5, D.2.7), from a move he names
    /// ("Partieformular ab Zug zwölf") or from the start.
    Scoresheet,
    /// The speech output louder, softer, faster, slower (no information about the game:
    /// allowed in tournament mode).
    Louder,
    Softer,
    Faster,
    Slower,
}

impl Command {
    /// Every command, in the order of SPOKEN-MOVES.md.
    pub const ALL: [Command; 17] = [
        Command::Time,
        Command::Moves,
        Command::Repeat,
        Command::Correction,
        Command::Yes,
        Command::No,
        Command::Draw,
        Command::Resign,
        Command::Help,
        Command::Arbiter,
        Command::Position,
        Command::LastMove,
        Command::Scoresheet,
        Command::Louder,
        Command::Softer,
        Command::Faster,
        Command::Slower,
    ];

    /// Whether it answers a read-back or a question ("ja", "nein", "Korrektur"): what is
    /// never asked back, because a misheard one decides the move that waits.
    pub fn is_answer(self) -> bool {
        matches!(self, Command::Yes | Command::No | Command::Correction)
    }

    /// Whether it decides something only the player's own plain words may decide: an answer,
    /// a draw, a resignation. Such a command is never taken with asking words around it
    /// ("würden Sie aufgeben", "would you resign" is said to the opponent).
    pub fn decides(self) -> bool {
        matches!(
            self,
            Command::Yes | Command::No | Command::Draw | Command::Resign
        )
    }

    /// Whether it has the assistant read something aloud that a verb of reading may ask for
    /// ("lies mir die Stellung vor", "read the clocks"): not a count, not a setting.
    pub fn reads_aloud(self) -> bool {
        matches!(
            self,
            Command::Scoresheet
                | Command::Position
                | Command::LastMove
                | Command::Time
                | Command::Repeat
                | Command::Help
        )
    }

    /// The name used in files and JSON, e.g. "time".
    pub fn name(self) -> &'static str {
        match self {
            Command::Time => "time",
            Command::Moves => "moves",
            Command::Repeat => "repeat",
            Command::Correction => "correction",
            Command::Yes => "yes",
            Command::No => "no",
            Command::Draw => "draw",
            Command::Resign => "resign",
            Command::Help => "help",
            Command::Arbiter => "arbiter",
            Command::Position => "position",
            Command::LastMove => "last_move",
            Command::Scoresheet => "scoresheet",
            Command::Louder => "louder",
            Command::Softer => "softer",
            Command::Faster => "faster",
            Command::Slower => "slower",
        }
    }

    /// The command with this name, if any.
    pub fn from_name(name: &str) -> Option<Command> {
        Command::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Whether a vocabulary file must define this command (the SPOKEN-MOVES.md §1 set).
    pub(super) fn required(self) -> bool {
        // Files written before the later commands came are still good.
        !matches!(
            self,
            Command::Arbiter
                | Command::Position
                | Command::LastMove
                | Command::Scoresheet
                | Command::Louder
                | Command::Softer
                | Command::Faster
                | Command::Slower
        )
    }
}

/// What the player can say to the service between games (`[service]` of the vocabulary):
/// help, repeat, yes and no are the game's [`Command`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ServiceCommand {
    /// Start a new game with the service's settings.
    NewGame,
    /// Resume the game that was interrupted.
    ResumeGame,
    /// Read aloud the settings a new game gets.
    Settings,
    /// A reading session in which pocketsphinx learns the player's voice (`models read`).
    LearnVoice,
}

impl ServiceCommand {
    /// Every service command.
    pub const ALL: [ServiceCommand; 4] = [
        ServiceCommand::NewGame,
        ServiceCommand::ResumeGame,
        ServiceCommand::Settings,
        ServiceCommand::LearnVoice,
    ];

    /// Its key in the `[service]` table.
    pub fn name(self) -> &'static str {
        match self {
            ServiceCommand::NewGame => "new_game",
            ServiceCommand::ResumeGame => "resume_game",
            ServiceCommand::Settings => "settings",
            ServiceCommand::LearnVoice => "learn_voice",
        }
    }
}

/// What the player can say between the lines he reads aloud for the recognizer to learn his
/// voice (`[learning]` of the vocabulary): "Wiederholen" and "Hilfe" are the game's
/// [`Command`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LearningCommand {
    /// Stop reading; the lines read so far are learnt.
    Stop,
    /// Leave this line out and go on with the next.
    Skip,
}

impl LearningCommand {
    /// Every command of the reading session.
    pub const ALL: [LearningCommand; 2] = [LearningCommand::Stop, LearningCommand::Skip];

    /// Its key in the `[learning]` table.
    pub fn name(self) -> &'static str {
        match self {
            LearningCommand::Stop => "stop",
            LearningCommand::Skip => "skip",
        }
    }
}
