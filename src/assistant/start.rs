//! Starting a game: the start spec checked and made into a game in progress (the board, the
//! vocabulary, the clock, the scoresheet's headers), and what the player hears as it starts
//! (a Chess960 position, the time control, a clock that waits for the arbiter's signal).
use super::*;
use crate::clock::TimeControl;
use crate::game::GameError;
use crate::scoresheet::record::Headers;

impl Live {
    pub(super) fn start(spec: &StartSpec, now: u64, out: &mut Out) -> Result<Live, String> {
        let catalog = crate::catalog::Catalog::builtin(spec.lang);
        let variant = spec.variant();
        let start_fen = spec
            .start_fen()
            .map_err(|e| words::chess960_problem(&catalog, e))?;
        let game =
            Game::of_variant(start_fen.as_deref(), variant, spec.rules).map_err(|e| match e {
                GameError::NotChess960(problem) => words::chess960_problem(&catalog, problem),
                other => other.to_string(),
            })?;
        let player: Color = spec.player.into();
        // The player speaks a vocabulary (de, en); everything said is in `lang`.
        let vocab_lang = crate::lang::vocabulary_lang(spec.vocab_lang())?;
        let vocab = match &spec.vocabulary {
            Some(file) => {
                let vocab = file.vocab()?;
                if vocab.lang() != vocab_lang {
                    return Err(format!(
                        "the vocabulary {} is for language {}, the game's vocabulary is {}",
                        file.name,
                        vocab.lang(),
                        vocab_lang
                    ));
                }
                vocab
            }
            None => Vocab::builtin(vocab_lang),
        };
        let warning_list = warnings_on(spec);
        let clock = match spec.time_control.as_deref().map(str::trim) {
            None | Some("") | Some("-") => None,
            Some(text) => {
                let tc: TimeControl = text.parse().map_err(|e| format!("{e}"))?;
                let mut settings = spec.clock.clone().unwrap_or_default();
                settings.rules = spec.rules;
                settings.warnings_ms = warning_list.clone();
                Some(Clock::new(tc, settings))
            }
        };
        let name = |n: &Option<String>, fallback: &str| n.clone().unwrap_or(fallback.into());
        let (player_name, opp_name) = (
            catalog.text("name-player", &[]),
            catalog.text("name-opponent", &[]),
        );
        let (player_name, opp_name) = (player_name.as_str(), opp_name.as_str());
        let (white_default, black_default) = if player == Color::White {
            (player_name, opp_name)
        } else {
            (opp_name, player_name)
        };
        let headers = Headers {
            white: name(&spec.white, white_default),
            black: name(&spec.black, black_default),
            event: spec.event.clone().unwrap_or_default(),
            site: spec.site.clone().unwrap_or_default(),
            date: spec.date.clone().unwrap_or_default(),
            round: spec.round.clone().unwrap_or_default(),
            time_control: clock.as_ref().map(|c| c.time_control().to_string()),
            rules_edition: Some(spec.rules.name().to_string()),
            extra: Vec::new(),
        };
        let mut record =
            Record::of_variant(headers, start_fen, variant).map_err(|e| e.to_string())?;
        let mut live = Live {
            spec: spec.clone(),
            player,
            mode: spec.mode,
            interpreter: Interpreter::new(vocab.clone()),
            words: Words::new(vocab, spec.lang).with_check_word(if spec.announce_check {
                crate::interpret::CheckWord::Said
            } else {
                crate::interpret::CheckWord::Left
            }),
            game,
            clock,
            record: Record::new(Headers::default(), None).map_err(|e| e.to_string())?,
            pending: Pending::Nothing,
            last_said: None,
            news: None,
            awaiting_signal: spec.start_on_signal,
            draw_offer: None,
            opponent_question: None,
            sealing: None,
            sealed: None,
            player_flag_fell: false,
            flag_told: None,
            opponent_flag_fell: false,
            illegal_moves: [0, 0],
            ended: None,
            warnings: !warning_list.is_empty(),
            speech_volume: spec.speech_volume.unwrap_or(100).clamp(
                *protocol::SPEECH_VOLUMES.start(),
                *protocol::SPEECH_VOLUMES.end(),
            ),
            speech_rate: spec.speech_rate.unwrap_or(175).clamp(
                *protocol::SPEECH_RATES.start(),
                *protocol::SPEECH_RATES.end(),
            ),
            read_backs: 0,
            clock_started_at: None,
            default_time_told: [false, false],
        };
        // The arbiter starts the clock of the side to move at the start (FIDE 6.5), or later
        // on his signal.
        let to_move = live.game.side_to_move();
        if let Some(clock) = live.clock.as_mut() {
            if !live.awaiting_signal {
                let _ = clock.start(to_move, now);
                live.clock_started_at = Some(now);
            }
            let r = clock.reading(now);
            record.start_clocks = Some(Clocks::new(r.white_ms, r.black_ms));
        }
        live.record = record;
        live.clock_effect(now, out);
        // A Chess960 player hears the start position, which he sets up on his own board.
        if let Some(number) = crate::game::chess960::number_of(live.game.position())
            && variant == crate::game::Variant::Chess960
            && let Ok(first_rank) = crate::game::chess960::back_rank(number)
        {
            let t = live.words.chess960_start(number, &first_rank);
            live.say(out, now, Listener::Player, t, About::Nothing);
        }
        // The player hears the time control he plays with, so that a wrong one is noticed.
        if let Some(t) = live
            .clock
            .as_ref()
            .and_then(|c| time_words::control_words(c.time_control(), spec.lang))
        {
            live.say(out, now, Listener::Player, t, About::Nothing);
        }
        if live.awaiting_signal {
            let t = live.words.clock_waits_for_signal();
            live.say(out, now, Listener::Player, t, About::Nothing);
        }
        if let Some(end) = live.game.outcome() {
            live.end_game(
                end.result,
                &live.words.end_reason(end.reason),
                EndCause::Board(end.reason),
                now,
                out,
            );
        }
        Ok(live)
    }
}
