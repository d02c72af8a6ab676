# Rochade's sentences in English: everything said or printed to the player, the opponent and
# the arbiter, and the scoresheet's headings. Fluent syntax (https://projectfluent.org).
#
# Every catalog in grammars/ has the same message ids with the same placeholders (a test
# checks it). Placeholders are filled by Rochade: words from the vocabulary (grammars/en.toml),
# numbers already in words ($number) beside their value ($count, for plural selectors), and
# other sentences from this catalog. The first letter of a sentence is capitalised by Rochade
# where a placeholder starts it. Leading and trailing spaces of a value are dropped by Fluent.

## Lists and questions

or = or
read-back-inexact = Did you mean { $words }? Yes or no.
command-question = Did you mean { $command }? Yes or no.
which-promotion = { $square }: which piece? { $pieces }?
which-piece = Which piece to { $square }? { $pieces }?

## The player's moves

made = Made.
withdrawn = Withdrawn. Your move?
nothing-to-withdraw = There is nothing to withdraw.
too-late-to-withdraw = The move is made and your opponent's clock is running: it can no longer be corrected.
not-possible = { $heard }: not possible.
not-possible-because = { $heard }: not possible, { $reason }.
not-understood = Not understood.
not-understood-heard = Not understood: { $heard }.
answer-not-fitting = { $heard } does not fit. { $question }
heard-but = { $heard }: { $sentence }
not-your-turn = It is your opponent's move.
opponent-not-to-move = It is the player's move, not the opponent's.

## The opponent

opponent-moved = Opponent: { $words }.
opponent-illegal = Your opponent entered an impossible move: { $text }. Stop the clock and call the arbiter? Yes or no.
opponent-illegal-for-opponent = That move is not possible: { $text }. Please make another move.
opponent-which = Which move: { $options }? Please enter the move unambiguously.

## The arbiter

arbiter-called = The clocks are stopped. Please call the arbiter.
arbiter-summoned = Arbiter please: { $why }
player-calls-arbiter = { $side } asks for the arbiter.
impossible-entry-for-arbiter = { $side } entered an impossible move: { $entered }.
cancelled = Cancelled.
no-clock = No time control is set.
nothing-said-yet = Nothing has been said yet.
nothing-to-confirm = There is nothing to confirm.

## Draws

draw-offered-to-opponent = A draw is offered.
draw-offer-sent = Your draw offer has been announced to your opponent.
draw-offer-with-move = A draw will be offered with the move.
draw-offer-before-move = Your draw offer is announced. By the Laws a draw is offered after making one's move.
opponent-offers-draw = Your opponent offers a draw. Say draw to accept, no to decline, or make your move.
draw-agreement-from-move = This event allows a draw by agreement only from move { $move }. Nothing was passed on.
draw-agreement-forbidden = This event allows no draw by agreement. Nothing was passed on.
draw-declined = Draw declined.
draw-offer-lapsed = The draw offer lapsed with the move.
draw-offer-declined-by-touch = Your opponent touched a piece: your draw offer is declined (Article { $article }).
draw-agreed = Draw agreed.
draw-accept-question = Accept the draw offer? Yes or no.
draw-claim-question = Claim a draw? Yes or no.
quickplay-claim-for-arbiter = { $side } claims a draw under article { $article } with less than two minutes left: the opponent cannot win by normal means or is making no effort to. The clocks are stopped.
quickplay-claimed = Draw claimed under article { $article }. The clocks are stopped; the arbiter decides.
draw-quickplay-question = Claim a draw under article { $article }, because the opponent cannot win by normal means or is not trying to? Yes or no.
draw-offer-question = Offer a draw? Yes or no.
draw-not-confirmed = No draw.
claim-upheld = Draw claimed, the clock is stopped: { $why }. The claim is correct.
claim-for-arbiter = Draw claim by { $side } under Article { $article }: { $why }. The clock is stopped.
claim-for-arbiter-with-move = Draw claim by { $side } under Article { $article }: { $why }, with the intended move { $move }. The clock is stopped.

## Sides and endings

side-white = White
side-black = Black
resign-question = Do you really resign? Yes or no.
illegal-moves-end = Illegal moves by { $side } (Article { $article })
illegal-moves-end-drawn = Illegal moves by { $side }, but { $other } can no longer checkmate (Article { $article })
resigns = { $side } resigns
time-up = { $side }'s time is up
time-up-cannot-mate = { $side }'s time is up, but { $other } can no longer checkmate
resignation = resignation
opponent-resigned = your opponent resigns
game-over = The game is over: { $result }.
not-started = The game has not started yet.
result-white-wins = White wins
result-black-wins = Black wins
result-draw = a draw
end-checkmate = checkmate
end-stalemate = stalemate
end-dead-position = dead position, no mate is possible
end-fivefold-repetition = the same position for the fifth time
end-seventy-five-moves = 75 moves without a pawn move or capture
end-threefold-repetition = the same position for the third time
end-fifty-moves = 50 moves without a pawn move or capture
# The end of a game for the player: the reason, then the outcome.
game-ended = { $reason }. { $outcome }
game-ended-for-opponent = { $reason }: { $result }.
outcome-draw = Draw.
outcome-won = You win.
outcome-lost = You lose.
time-claim-cannot-mate = your opponent's time is up, but you can no longer checkmate
time-claim-won = your opponent's time is up, claimed
own-time-lost = your time is up, claimed by your opponent
own-time-draw = your time is up, but your opponent can no longer checkmate
no-flag-to-claim = The player's time is not up: there is nothing to claim.
both-flags-draw = Both flags have fallen (Article { $article })
own-flag-down-no-claim = Your own time is up too: no claim is possible (Article { $article }).
time-claim-own-flag-down = The claimant's own time is up too: the claim is not valid (Article { $article }).

## Touched pieces (D.2.9.e)

# $role: king, queen, rook, bishop, knight or pawn; $name: the vocabulary's word for it.
# English needs no role; the selector with a single default keeps the placeholders the same.
piece-accusative = the { $role ->
   *[other] { $name }
}
touch-report-for-arbiter = Report to the arbiter (Article D.2.9.e): { $side } touched the piece on { $what }.
touch-report-for-player = Your opponent touched { $piece } on { $square }. The arbiter is informed.
touch-square-for-player = Your opponent touched the square { $square }. The arbiter is informed.
touch-claim = touched piece on { $square } reported (D.2.9.e)
bad-square = { $text } is not a square.

## Adjournment

adjourn-player-seals = The game is adjourned. Your next move is sealed: say it; it is only recorded, not announced.
adjourn-opponent-seals = The game is adjourned. Your opponent seals a move.
sealed-for-player = Sealed move recorded: { $words }. The clocks are stopped.
sealed-for-others = The move is sealed; the clocks are stopped.
resumed-with = Resumption. The sealed move: { $words }.
adjourned = The game is adjourned. The sealed move is made when it resumes.
nothing-sealed = There is no sealed move.

## The arbiter's entries

clocks-paused = The clocks are stopped.
clocks-resumed = The clock runs again.
time-changed = The arbiter changed the time. { $report }
entry-set-up-what = !aufstellung alone, or !aufstellung koenig weiss, or !aufstellung turm h1
set-up-no-castling-rook = Castling with the rook from { $square } is no longer allowed, because it was placed wrongly.
set-up-no-castling-king = { $side } may no longer castle, because the king was placed wrongly.
set-up-too-late = After { $moves } moves by each player the set-up can no longer be complained about (article { $article }). The game goes on.
set-up-in-time = Complaint about the set-up or the clock before each player's move { $moves }, so in time (article { $article }). The arbiter decides whether the board or the clock is set again.
set-up-standard = Complaint about the initial position: if it was wrong, the game is cancelled and a new game played (article { $article }). The arbiter decides.
default-time-passed = The default time has passed: { $time } since the clock was started, and { $side } has not made a move yet. A player who arrives at the board after the default time loses the game unless the arbiter decides otherwise (article { $article }).
entry-claim-side = !falsche-reklamation needs the side that claimed
incorrect-claim-cut = The arbiter rejected the claim of { $claimant } (article { $article }): { $opponent } gets { $bonus } more, and the time of { $claimant } is cut. The game goes on.
incorrect-claim = The arbiter rejected the claim of { $claimant } (article { $article }): { $opponent } gets { $bonus } more. The game goes on.
position-reset = The arbiter reset the position to after move { $moves }: { $last }.
position-reset-to-start = The arbiter reset the position to the start.
arbiter-result = The arbiter's decision: { $result }. { $reason }
result-forfeit = By forfeit
not-in-tournament = That is not allowed in tournament mode.
journal-failed = Warning: the game journal cannot be written ({ $why }). The input was not carried out.
error-unknown-result = unknown result { $result }: expected 1-0, 0-1 or 1/2-1/2
error-game-over-no-reset = the game is over: its position can no longer be reset

## The position (training mode)

position = Your pieces: { $own }. Opponent: { $opponent }. { $turn }
your-move = It is your move.
# A kind of piece in the plural; $role as in piece-accusative.
pieces = { $role ->
   *[other] { $name }s
}
square-empty = { $square }: empty.
square-own = { $square }: your { $role ->
   *[other] { $piece }
}.
square-opponent = { $square }: your opponent's { $piece }.
pieces-none = none
piece-query = Your { $pieces }: { $own }. Your opponent's { $pieces }: { $theirs }.

## Help

help-read-back = { $yes } confirms the move, { $no } or { $correction } withdraws it, or say another move.
help-question = Answer the question, or { $no } to cancel.
# $example: a knight move in the game's vocabulary ("knight Felix three").
help-your-move = It is your move: say the piece and the square, for example { $example }.
help-commands = { $lead } Also: { $commands }.
help-over = The game is over. Time, moves and repeat still work.

## The clock in words

# $count: the number; $number: the same in words; $case: plain, or oblique after a
# preposition (German "in einer Minute"); English has no case.
hours = { $case ->
   *[plain] { $count ->
        [one] one hour
       *[other] { $number } hours
    }
}
minutes = { $case ->
   *[plain] { $count ->
        [one] one minute
       *[other] { $number } minutes
    }
}
seconds = { $case ->
   *[plain] { $count ->
        [one] one second
       *[other] { $number } seconds
    }
}
time-report = You: { $own }. Opponent: { $opponent }.
moves-played = { $count ->
    [0] no moves played yet
    [one] one move played
   *[other] { $number } moves played
}
moves-to-control = { $count ->
    [one] one move to the time control
   *[other] { $number } to the time control
}
moves-report = { $played }.
moves-report-to-control = { $played }, { $rest }.
warning-own = { $time } left.
warning-opponent = Opponent: { $time } left.
period-added-own = Time control reached, { $time } added.
period-added-opponent = Opponent: time control reached, { $time } added.
flag-own = Your time is up.
flag-opponent = Your opponent's time is up.

## Printed lines of `play` and `relay`

to-player = To you: { $text }
to-opponent = To the opponent: { $text }
to-arbiter = To the arbiter: { $text }
error-line = Error: { $error }
journal-note = Journal note: { $note }
game-resumed = Game resumed from { $path } ({ $events } events; { $seconds } seconds of interruption, counted against the running clock).
game-started = Rochade game: you play { $side }. Journal: { $path }. Say help for what can be said; quit ends the program.
relay-started = Rochade relay: you play { $side }. Journal: { $path }. Say help for what can be said; quit ends the program.
last-said = Last said: { $text }
no-voice-input = No voice input ({ $why }). Use the keyboard.
ready = Rochade ready. You play { $side }.
listening = Listening.
not-read = Not read: { $why }
voice-input-stopped = Voice input stopped ({ $why }). Use the keyboard.
journal-cannot-be-written = Warning: the journal cannot be written ({ $why }). The input was not carried out.
scoresheet-files = Scoresheet: { $files }

## When a path to the player fails: the game record, the speech output, the microphone

record-failed = The game record can no longer be written: the clocks are stopped, please call the arbiter.
record-failed-not-done = Not carried out: the game record cannot be written. The clocks are stopped, please call the arbiter.
# For the braille line: short, the words that matter first.
record-failed-braille = Record failed: call the arbiter
# $why: the error; $clocks: the clocks at the failure (clocks-at-failure or no-clocks-at-failure).
record-failed-arbiter = The game record cannot be written: { $why }. The last input was not carried out; the clocks stand since the failure ({ $clocks }). Rochade tries to write again every few seconds: once there is room, the game goes on with the clocks stopped, and !resume starts them. If the program is ended instead, play --resume counts the time until then against the running clock; !clocks then sets them right.
# $white, $black: both clocks as h:mm:ss.
clocks-at-failure = White { $white }, Black { $black }
no-clocks-at-failure = no time control
record-written-again = The game record is written again. The clocks stand until the arbiter starts them.
record-written-again-arbiter = The game record is written again; the clocks stand, !resume starts them.
# $text: what could not be said; $why: why.
speech-failed-braille = Speech off: { $text }
speech-failed-move = Speech output failed: the clocks are stopped, please call the arbiter.
speech-failed-arbiter = The player's speech output failed ({ $why }); he did not hear: "{ $text }".
speech-failed-read-back-arbiter = The player's speech output failed ({ $why }); he did not hear the read-back "{ $text }": the move is made only by { $yes }.
speech-failed-opponent-arbiter = The announcement to the opponent could not be spoken ({ $why }): "{ $text }".
speech-back = Speech output works again: { $backend }.
microphone-lost = The microphone failed. Please go on with the keyboard; Rochade keeps trying the microphone.
microphone-lost-read-back = The microphone failed. The move read back is made only by { $yes } on the keyboard; Rochade keeps trying the microphone.
microphone-lost-braille = Microphone off: use the keyboard
microphone-back = The microphone works again.

## The scoresheet (print, braille, PGN comments)

sheet-title = SCORESHEET
sheet-white = White
sheet-black = Black
sheet-event = Event
sheet-site = Site
sheet-date = Date
sheet-round = Round
sheet-time-control = Time control
sheet-rules = Rules
sheet-start-position = Start position
sheet-result = Result
sheet-in-progress = game in progress
sheet-adjourned = adjourned
sheet-white-signature = White's signature
sheet-black-signature = Black's signature
# A sealed move in its place on the sheet; the braille sheet writes it in capitals.
sheet-sealed = sealed
sheet-sealed-move = sealed move
# The players in the braille heading: "Anna v Bert".
sheet-versus = { $white } v { $black }
sheet-claim = Claim by { $side }: { $kind }, { $outcome }
sheet-claim-with-move = Claim by { $side }: { $kind }, { $outcome }; intended move { $move }
claim-threefold-repetition = threefold repetition
claim-fifty-moves = fifty-move rule
claim-time = time
claim-quickplay-finish = quickplay finish
claim-illegal-move = illegal move
claim-pending = pending
claim-upheld-outcome = upheld
claim-rejected = rejected

## Speech output notices

speech-output = Speech output: { $backend }.
speech-switch = Speech output { $from } failed, continuing with { $to }.
speech-dispatcher-unused = speech-dispatcher is not used: { $why }
speech-stopped = Speech output stopped ({ $why }); announcements are printed only.

## Names and the game read aloud (`rochade scoresheet --format speech`)

# The players' names on the sheet when none are given.
name-player = Player
name-opponent = Opponent
reading-versus = { $white } versus { $black }.
reading-move = Move { $number }:
reading-side-move = { $side } { $words }.
reading-result-white-wins = Result: one nil.
reading-result-black-wins = Result: nil one.
reading-result-draw = Result: a draw.

## The arbiter's typed entries (`!…`), when one cannot be read

entry-help = arbiter entries: !pause, !weiter, !zeit weiss 120, !zeit schwarz -60, !uhren 3600 3540, !zuege weiss 40, !strafe schwarz, !falsche-reklamation weiss, !inkrement 5, !aufstellung, !zurueck 20, !abbruch, !fortsetzung, !ergebnis 1-0 reason
entry-time-side = !zeit needs a side: weiss or schwarz
entry-time-seconds = !zeit needs seconds, e.g. 120 or -60
entry-clocks-white = !uhren needs White's seconds
entry-clocks-black = !uhren needs Black's seconds
entry-moves-side = !zuege needs a side: weiss or schwarz
entry-moves-number = !zuege needs a number of moves
entry-penalty-side = !strafe needs the side that made the illegal move
entry-reset-ply = !zurueck needs the number of half-moves to keep
entry-unknown-result = unknown result { $result }: 1-0, 0-1 or 1/2-1/2
entry-unknown = unknown arbiter entry { $entry }; { $help }

## Why a move is not possible (training mode; the `interpret` JSON's reason)

# The pieces by their usual names, for these reasons ($role as in piece-accusative).
piece-name = { $role ->
    [king] king
    [queen] queen
    [rook] rook
    [bishop] bishop
    [knight] knight
   *[pawn] pawn
}
# English does not inflect by piece: a selector with only a default keeps the placeholders.
illegal-game-over = the game is over
illegal-cannot-reach = no { $role ->
   *[other] { $piece }
} can reach { $to }
illegal-cannot-reach-from = the { $role ->
   *[other] { $piece }
} on { $from } cannot reach { $to }
illegal-no-such-piece = you have no { $role ->
   *[other] { $piece }
}
illegal-no-piece-on = there is no piece on { $square }
illegal-opponent-piece-on = the { $role ->
   *[other] { $piece }
} on { $square } is the opponent's
illegal-other-piece-on = there is a { $there ->
   *[other] { $there_piece }
} on { $square }, not a { $named ->
   *[other] { $named_piece }
}
illegal-pawn-blocked = the pawn on { $from } is blocked and cannot go to { $to }
illegal-pinned = the { $role ->
   *[other] { $piece }
} on { $from } is pinned: your king would be in check
illegal-king-in-check = your king is in check and this move does not answer it
illegal-king-would-be-in-check = the king would be in check on { $to }
illegal-not-a-promotion = a move to { $to } is not a promotion
illegal-bad-promotion-piece = a pawn cannot become a { $role ->
   *[other] { $piece }
}
# $side: short, long or none.
illegal-castling-no-right = { $side ->
    [short] castling short
    [long] castling long
   *[none] castling
} is no longer allowed: the king or rook has moved
illegal-castling-in-check = no castling out of check
illegal-castling-blocked = { $side ->
    [short] castling short
    [long] castling long
   *[none] castling
} is blocked: a piece stands in between
illegal-castling-through-check = { $side ->
    [short] castling short
    [long] castling long
   *[none] castling
} is not possible: the king would cross or land on an attacked square

## The clock and the position refusing an arbiter's entry

clock-error-stopped = the clock has been stopped: the game is over
clock-error-paused = the clock is paused: resume it first
clock-error-not-started = the clock has not been started yet
clock-error-not-paused = the clock is not paused
clock-error-already-running = the clock is already running ({ $running } to move)
clock-error-other-side-running = { $running }'s clock is running, so { $side } cannot complete a move
# $speed: standard, rapid or blitz.
clock-error-no-time-penalty = the { $rules } Laws give no time penalty for an illegal move in { $speed ->
    [rapid] rapid
    [blitz] blitz
   *[standard] standard
} chess: the opponent claims the game instead
clock-error-untimed = the game is untimed: there is no time to adjust
reset-error-no-such-ply = there is no position after { $ply } half-moves: { $available } have been played

## Reconciling two scoresheets (`rochade reconcile`), for the arbiter

reconcile-last-move = { $side }'s move { $number } ({ $plies } half-moves)
reconcile-no-move = no move
reconcile-agree = The two scoresheets agree move for move, up to { $last }.
reconcile-differ = The scoresheets differ at { $side }'s move { $number }: sheet A { $a }, sheet B { $b }.
reconcile-has = has { $text }
reconcile-has-as = has { $text } ({ $san })
reconcile-has-none = has no move
reconcile-sheet-a = Sheet A: { $problem }.
reconcile-sheet-b = Sheet B: { $problem }.
reconcile-agree-up-to = They agree up to { $last }.
reconcile-agree-on-none = They agree on no move: go back to the start position.
reconcile-position = The position there: { $fen }
reconcile-clocks = The clocks after that move: White { $white }, Black { $black }.
reconcile-clock-unknown = unknown
reconcile-journal-differs = Warning: the journal does not have the same moves up to there; check the clock readings.
# A written report gives times in digits: "1 hour, 2 minutes and 5 seconds".
reconcile-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
reconcile-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
reconcile-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}
and = and

## Resuming a game from its journal

resumed-before-first-move = before the first move
resumed-after-move = after move { $count }
resumed-after-white-move = after White's move { $count }
resumed-player-clock-runs = it is your move, your clock is running
resumed-opponent-clock-runs = it is your opponent's move, their clock is running
resumed-player-clocks-stopped = it is your move, the clocks are stopped
resumed-opponent-clocks-stopped = it is your opponent's move, the clocks are stopped
resumed-player-to-move = it is your move
resumed-opponent-to-move = it is your opponent's move
# $after: "after move 23"; $turn: "it is your move, your clock is running".
resumed-where = Game resumed { $after }, { $turn }.
# $result: the sentence of the result.
resumed-game-over = Game reopened { $after }. { $result }
announce-again = Once more: { $words }
journal-torn-line = The last line of the journal, line { $line }, was incomplete: the program stopped while writing it. It was dropped and saved aside.
journal-broken-line = Line { $line } of the journal cannot be read.
journal-changed-line = Line { $line } of the journal was changed: its checksum does not match.
journal-unsealed-line = Line { $line } of the journal has no checksum.
journal-missing-lines = { $count ->
    [one] A line is missing before line { $line } of the journal.
   *[other] { $count } lines are missing before line { $line } of the journal.
}
journal-line-out-of-place = Line { $line } of the journal is out of its place.
journal-line-out-of-time = Line { $line } of the journal has an earlier time than the line before it.
journal-resume-question = The game can be resumed from line { $line } of the journal, { $after }. What follows stays in the journal but is not used. Resume? Yes or no.
journal-not-resumed = Not resumed. The journal is unchanged.
journal-resumed-after-damage = Resumed from line { $line }; the damaged lines stay in the journal, set aside.

## Input that was not read

typed-line-too-long = The line is longer than { $count } characters and was not read. Please type it shorter.
typed-line-not-text = The line is not readable text and was not read.

## Time counted on no clock (for the arbiter)

# $duration: the time in words; $count: the same in seconds.
duration-with-seconds = { $duration } ({ $count ->
    [one] { $count } second
   *[other] { $count } seconds
})
uncounted-time-rules = It was not counted on either clock. Please decide; to count it, !time white -SECONDS or !time black -SECONDS.
# $duration: "one hour (3600 seconds)"; $rules: the sentence on how to count it.
wall-clock-went-back = The computer's clock went back by { $duration } since the last journal entry; how long the interruption lasted is unknown. { $rules }
downtime-too-long = By the computer's clock the program was down for { $duration }, too long to count without you. { $rules }
computer-was-suspended = The computer was suspended for { $duration }; meanwhile Rochade could neither hear nor announce anything. { $rules }

## The time control, read back at the start

# $count/$number: the period's moves; $time: its time in words.
control-moves-in = { $count ->
    [one] one move in { $time }
   *[other] { $number } moves in { $time }
}
control-then = then { $period }
control-with-bonus = { $period }, { $bonus }
control-increment = plus { $time } per move
control-increment-all = plus { $time } per move from move one
control-delay = with a delay of { $time } per move
control-bronstein = with a Bronstein delay of { $time } per move
control-read-back = Time control: { $control }.
# For the arbiter when play starts: $input as typed, $seconds the seconds in words, $minutes the control meant.
control-looks-like-minutes = Note: the time control { $input } means { $seconds } seconds, not minutes. For { $seconds } minutes enter { $minutes }.

## The start on the arbiter's signal

clock-waits-for-signal = The clock starts on the arbiter's signal.
game-begins = The game begins, the clock is running.
before-signal = The game has not begun yet: the clock starts on the arbiter's signal.

## Last move and scoresheet

last-move-own = Your last move: { $words }.
no-move-yet = No move has been played yet.
# $number: the move number in words; $white, $black: the moves in the player's words.
scoresheet-move = Move { $number }: { $white }, { $black }.
scoresheet-move-white = Move { $number }: { $white }.
scoresheet-move-black = Move { $number }: Black { $black }.
scoresheet-empty = The scoresheet is still empty.
scoresheet-not-yet = Move { $number } has not been played yet.

## Chess960 (FIDE Guidelines II)

# At the start, for the player who sets up his board: $number in words; $pieces: White's first rank from a to h in his words.
chess960-start = Chess960, start position number { $number }: { $pieces }.
# A start position refused (rule 2), said and printed before the game starts.
chess960-number-out-of-range = { $number } is not a Chess960 start position: they are numbered from 0 to 959.
chess960-not-numbered = The position given is not Chess960 start position { $number }.
error-not-started = The game has not started: the first event must be "start".
chess960-unreadable = The Chess960 start position cannot be read: it is not a FEN.
chess960-pawns = Not a Chess960 start position: White's eight pawns stand on the second rank and Black's on the seventh, and no other piece stands off the first and the eighth rank.
chess960-pieces = Not a Chess960 start position: White's first rank holds one king, one queen, two rooks, two bishops and two knights.
chess960-king-not-between-rooks = Not a Chess960 start position: the king must stand between the two rooks.
chess960-bishops-one-colour = Not a Chess960 start position: the bishops must stand on squares of opposite colours.
chess960-black-not-mirrored = Not a Chess960 start position: Black's pieces must mirror White's.
chess960-not-at-start = Not a Chess960 start position: the game starts with White to move and every castling right.

## The page for the sighted opponent (--web)

# Printed and told to the player at the start: the page's address, and the PIN the opponent needs for his entries (digit by digit, $pin with spaces between the digits).
web-started = The page for the opponent: { $url }
web-started-pin = The page for the opponent: { $url }, PIN { $pin }.
# What the game waits for; $side is white or black.
web-state-idle = No game is being played.
web-state-paused = The clocks are stopped.
web-state-confirm = { $side ->
    [white] White
   *[black] Black
} is confirming a move.
web-state-answers = { $side ->
    [white] White
   *[black] Black
} is answering a question.
web-state-signal = Waiting for the arbiter's signal to start.
web-state-draw-offer = { $side ->
    [white] White
   *[black] Black
} offers a draw.
web-state-to-move = { $side ->
    [white] White
   *[black] Black
} to move.
# Why a request of the page is not taken.
web-state-busy = Too many connections: please try again in a moment.
web-state-host = This address is not allowed for the page.
web-state-too-many = Too many entries: please wait a moment.
web-state-not-found = There is no such thing here.
web-state-bad-request = The entry cannot be read.
web-state-too-large = The entry is too long.
web-state-arbiter-locked = The arbiter's panel is locked: no PIN was set for the arbiter.
web-state-pin-locked = Too many wrong PINs: please wait a minute.
web-state-pin-wrong = The PIN is missing or wrong.
web-state-no-game = Rochade does not answer: no game is being played.
# The page's labels; the page fills in $square (a square such as e7), $piece, $san (a move), $side (White or Black), $result.
web-title = Rochade: the board for the opponent
web-board-from-white = The board, seen from White's side
web-board-from-black = The board, seen from Black's side
web-square = { $square }, { $piece }
web-square-empty = { $square }, empty
web-square-last = { $square }, { $piece }, last move
web-piece-white-king = white king
web-piece-white-queen = white queen
web-piece-white-rook = white rook
web-piece-white-bishop = white bishop
web-piece-white-knight = white knight
web-piece-white-pawn = white pawn
web-piece-black-king = black king
web-piece-black-queen = black queen
web-piece-black-rook = black rook
web-piece-black-bishop = black bishop
web-piece-black-knight = black knight
web-piece-black-pawn = black pawn
web-selected = { $square } selected. Tap the square to move to.
web-promote-question = Which piece does the pawn become?
web-promote-queen = Queen
web-promote-rook = Rook
web-promote-bishop = Bishop
web-promote-knight = Knight
web-cancel = Cancel
web-clocks = Clocks
web-clock-running = running
web-moves = Moves
web-move-announce = { $side }: { $san }
web-result = Result: { $result }
web-question = A question for you
web-announcements = Announcements for you
web-actions = Your reports
web-touched = I touched a piece
web-touched-hint = Tap the square of the piece you touched.
web-draw-offer = Offer a draw
web-draw-accept = Accept the draw
web-draw-decline = Decline the draw
web-resign = Resign
web-resign-confirm = Resign the game?
web-pin = PIN for your entries (the player tells you)
web-sheet = Scoresheet
web-print = Print
web-download-pgn = Download PGN
web-download-brf = Download BRF (braille)
web-arbiter = Arbiter
web-arbiter-pin = The arbiter's PIN
web-arbiter-pause = Stop the clocks
web-arbiter-resume = Start the clocks again
web-arbiter-start = Give the start signal
web-arbiter-side = Side
web-arbiter-seconds = Seconds (a minus takes time away)
web-arbiter-time = Change the time
web-arbiter-penalty = Penalty for an illegal move by this side
web-arbiter-ply = Half-moves
web-arbiter-reset = Set up the position after these half-moves
web-arbiter-adjourn = Adjourn the game
web-arbiter-continue = Resume the adjourned game
web-arbiter-result = Enter the result
web-arbiter-reason = Reason
web-done = Done.
web-offline = No connection to Rochade. Trying again.

## The service (rochade service), its control (rochade ctl) and install-service

# For the desktop's push-to-talk key (rochade ctl push-to-talk).
no-push-to-talk = No push-to-talk: Rochade listens without it or has no voice input.
# $new_game: the words for a new game from grammars/en.toml ([service]).
service-ready = Rochade is ready. For a new game, say: { $new_game }.
service-ready-learn = Rochade is ready. For a new game, say: { $new_game }. For Rochade to understand your voice better, say first: { $learn_voice }; it takes about six minutes.
# $commands: the first words of each command, separated by commas.
service-help = Between games you can say: { $commands }.
# $side: White or Black; $control: the time control in words (a whole sentence).
service-settings = A new game: you play { $side }. { $control }
service-resuming = Rochade was restarted. Your game is resumed.
service-nothing-to-resume = There is no interrupted game to resume.
service-last-game-over = The last game is over; it is not resumed.
service-no-game = No game is running. For a new game, say: { $new_game }.
service-game-running = A game is already running. Stop it first, with rochade ctl stop.
service-game-not-started = The game cannot start: { $why }
service-game-stopped = The game is interrupted and kept in its journal.
service-game-failed = The game ended with an error: { $why }
service-stopping = Rochade is shutting down.
service-journal-unreadable = The journal { $path } cannot be read: { $why }
service-bad-request = Not a request of rochade ctl: { $why }
service-started = The Rochade service runs. Control at { $path }.
service-no-microphone = No microphone ({ $why }). Trying again in { $seconds } seconds.
service-microphone-ready = The microphone is ready: Rochade is listening.
service-already-running = A Rochade service is already running and answers at { $path }.
service-cannot-listen = The control cannot be set up at { $path }: { $why }
service-learning-no-voice = The service hears no microphone, so it cannot learn your voice.
service-learning-failed = Learning your voice cannot begin: { $why }
service-learning-running = Rochade is learning your voice. Say { $stop } first.
ctl-no-service = No Rochade service answers at { $path } ({ $why }). Start it with rochade service or systemctl --user start rochade.
ctl-failed = The request to the Rochade service failed: { $why }
status-idle = No game.
status-playing = The game is on.
status-paused = The clocks are stopped.
status-over = The game is over.
# $moves: the moves played, in SAN; $side: White or Black.
status-moves = Played: { $moves }. To move: { $side }.
status-no-moves = No move played yet. To move: { $side }.
status-question = Question to the opponent: { $question }
status-result = Result: { $result }
install-service-written = Service file written: { $path }
install-service-enabled = Enabled for the graphical session: { $path }
install-service-enabled-systemctl = Enabled with systemctl --user enable rochade.service.
install-service-start = The service starts at the next login, or now with: systemctl --user start rochade

## Settings (rochade config)

config-file = Settings from { $path }.
config-file-none = No settings file { $path }: the built-in values and the command line apply.
config-setting = { $name } = { $value } ({ $source })
config-from-default = built in
config-from-file = from the file, line { $line }
config-from-command-line = from the command line
config-unset = not set

## Speech settings by voice

speech-louder = Louder.
speech-softer = Softer.
speech-faster = Faster.
speech-slower = Slower.
speech-loudest = This is the loudest.
speech-softest = This is the softest.
speech-fastest = This is the fastest.
speech-slowest = This is the slowest.

## A game running on the laptop: no sleep, the battery

inhibit-why = A chess game is in progress
battery-low = The battery is at { $percent } percent. Please plug in the charger soon.
battery-very-low = The battery is down to { $percent } percent. Please plug in the charger now, or the computer will turn off.

## The check before the first move

check-start = A short check before the game. If you hear this sentence, your headphones work.
check-room-silent = The microphone gives no sound: is it muted or unplugged?
check-room-quiet = The microphone hears a quiet room.
check-room-noisy = The room is loud: moves may not be heard surely. A microphone near the mouth helps.
check-say = Please say now: { $phrase }.
check-heard = Heard: { $heard }.
check-heard-nothing = Nothing was understood. Please check the microphone; the keyboard always works.
check-voice-quiet = Your voice comes through softly: please bring the microphone nearer to your mouth.
check-done = The check is done.

## Learning the player's voice (rochade models read): the player reads lines aloud, pocketsphinx learns from them

# $count, $number: how many lines there are to read.
learning-start = Rochade will now learn your voice. I will say { $count ->
    [one] one line
   *[other] { $number } lines
}; say each one after me.
# $repeat, $skip, $stop: the first words of these commands (grammars/en.toml, [commands] and [learning]).
learning-help = Say { $repeat } to hear a line again, { $skip } to leave it out, and { $stop } to stop; what you have read is then learnt.
# $number: the line's number in words; $words: what to say.
learning-line = Line { $number }: { $words }
learning-again = Not understood. Please once more: { $words }
learning-left-out = I leave this line out.
# $count, $number: how many lines were recorded.
learning-kept = Recorded: { $count ->
    [one] one line
   *[other] { $number } lines
}.
learning-cannot-keep = The recording cannot be saved: { $why }. Reading ends here.
learning-folder = The recordings are in { $folder }.
learning-adapting = I am learning your voice now. This takes about a minute.
learning-adapted = Done. From the next game on, Rochade hears you with your own voice.
learning-nothing-kept = No line was recorded; nothing is learnt.
learning-not-adapted = Your voice could not be learnt: { $why }. The recordings are kept.
learning-no-microphone = Without a microphone Rochade cannot learn your voice: { $why }
