# המשפטים של Rochade בעברית: כל מה שנאמר או מודפס לשחקן, ליריב ולשופט, וכותרות טופס הרישום.
# Rochade's sentences in Hebrew, Fluent syntax (https://projectfluent.org).
#
# NOT REVIEWED BY A NATIVE SPEAKER. Nobody on the project can judge Hebrew grammar: these
# sentences were written from the English catalog and the chess words of the Hebrew FIDE Laws
# (2018 text). A native speaker should review every message, above all the numbers with their
# nouns (שעה, דקה, שנייה are feminine: src/numbers.rs gives the feminine forms, and the
# number of moves stands after a colon, where the counting form is right), the gender of
# verbs and adjectives (the player is addressed in the masculine singular), and spelling.
#
# Every catalog in grammars/ has the same message ids with the same placeholders (a test
# checks it). Placeholders are filled by Rochade: the moves, squares and command words the
# blind player speaks come from his vocabulary (the German FIDE words, grammars/de.toml, unless
# the game chose another), so sentences to the player carry those words as they are; moves
# announced to the opponent come from grammars/he.toml. Numbers come in words ($number) beside
# their value ($count, for the plural selectors: one, two, other).

## Lists and questions

or = או
read-back-inexact = התכוונת ל־{ $words }?
command-question = התכוונת ל־{ $command }?
which-promotion = { $square }: איזה כלי? { $pieces }?
which-piece = איזה כלי אל { $square }? { $pieces }?

## The player's moves

made = המסע בוצע.
withdrawn = המסע בוטל. מה המסע שלך?
nothing-to-withdraw = אין מה לבטל.
too-late-to-withdraw = המסע בוצע ושעון היריב פועל: כבר אי אפשר לתקן אותו.
not-possible = { $heard }: לא אפשרי.
not-possible-because = { $heard }: לא אפשרי, { $reason }.
not-understood = לא הובן.
not-understood-heard = לא הובן: { $heard }.
answer-not-fitting = { $heard } אינו מתאים לשאלה. { $question }
heard-but = { $heard }: { $sentence }
not-your-turn = תור היריב.
opponent-not-to-move = תור השחקן, לא תור היריב.

## The opponent

opponent-moved = היריב: { $words }.
opponent-illegal = היריב הזין מסע לא אפשרי: { $text }. לעצור את השעון ולקרוא לשופט?
opponent-illegal-for-opponent = המסע הזה אינו אפשרי: { $text }. נא לבצע מסע אחר.
opponent-which = איזה מסע: { $options }? נא להזין את המסע באופן חד־משמעי.

## The arbiter

arbiter-called = השעונים נעצרו. נא לקרוא לשופט.
arbiter-summoned = שופט, בבקשה: { $why }
player-calls-arbiter = { $side } מבקש את השופט.
impossible-entry-for-arbiter = { $side } הזין מסע לא אפשרי: { $entered }.
cancelled = בוטל.
no-clock = לא נקבע קצב משחק.
nothing-said-yet = עוד לא נאמר דבר.
nothing-to-confirm = אין מה לאשר.

## Draws

draw-offered-to-opponent = הצעת תיקו.
draw-offer-sent = הצעת התיקו שלך הוכרזה ליריב.
draw-offer-with-move = תיקו יוצע יחד עם המסע.
draw-offer-before-move = הצעת התיקו שלך הוכרזה. לפי החוקה מציעים תיקו אחרי ביצוע המסע.
opponent-offers-draw = היריב מציע תיקו. קבל, דחה, או בצע את המסע שלך.
draw-agreement-from-move = בתחרות זו מותר תיקו בהסכמה רק מהמסע { $move }. דבר לא הועבר.
draw-agreement-forbidden = בתחרות זו אסור תיקו בהסכמה. דבר לא הועבר.
draw-declined = הצעת התיקו נדחתה.
draw-offer-lapsed = הצעת התיקו פקעה עם המסע.
draw-offer-declined-by-touch = היריב נגע בכלי: הצעת התיקו שלך נדחתה (סעיף { $article }).
draw-agreed = תיקו בהסכמה.
draw-accept-question = לקבל את הצעת התיקו?
draw-claim-question = לתבוע תיקו?
quickplay-claim-for-arbiter = { $side } תובע תיקו לפי סעיף { $article } כשנותרו לו פחות משתי דקות: היריב אינו יכול לנצח באמצעים רגילים או אינו מנסה. השעונים עצורים.
quickplay-claimed = נתבע תיקו לפי סעיף { $article }. השעונים עצורים; השופט מחליט.
draw-quickplay-question = לתבוע תיקו לפי סעיף { $article }, כי היריב אינו יכול לנצח באמצעים רגילים או אינו מנסה? כן או לא.
draw-offer-question = להציע תיקו?
draw-not-confirmed = אין תיקו.
claim-upheld = נתבע תיקו, השעון נעצר: { $why }. התביעה נכונה.
claim-for-arbiter = תביעת תיקו של { $side } לפי סעיף { $article }: { $why }. השעון נעצר.
claim-for-arbiter-with-move = תביעת תיקו של { $side } לפי סעיף { $article }: { $why }, עם המסע המיועד { $move }. השעון נעצר.

## Sides and endings

side-white = לבן
side-black = שחור
resign-question = אתה באמת נכנע?
illegal-moves-end = מסעים בלתי חוקיים של { $side } (סעיף { $article })
illegal-moves-end-drawn = מסעים בלתי חוקיים של { $side }, אבל { $other } כבר לא יכול לתת מט (סעיף { $article })
resigns = { $side } נכנע
time-up = הזמן של { $side } נגמר
time-up-cannot-mate = הזמן של { $side } נגמר, אבל { $other } כבר לא יכול לתת מט
resignation = כניעה
opponent-resigned = היריב נכנע
game-over = הקרב הסתיים: { $result }.
not-started = הקרב עוד לא התחיל.
result-white-wins = לבן מנצח
result-black-wins = שחור מנצח
result-draw = תיקו
end-checkmate = מט
end-stalemate = פט
end-dead-position = עמדה מתה, מט אינו אפשרי
end-fivefold-repetition = אותה עמדה בפעם החמישית
end-seventy-five-moves = 75 מסעים ללא מסע רגלי וללא הכאה
end-threefold-repetition = אותה עמדה בפעם השלישית
end-fifty-moves = 50 מסעים ללא מסע רגלי וללא הכאה
# The end of a game for the player: the reason, then the outcome.
game-ended = { $reason }. { $outcome }
game-ended-for-opponent = { $reason }: { $result }.
outcome-draw = תיקו.
outcome-won = ניצחת.
outcome-lost = הפסדת.
time-claim-cannot-mate = הזמן של היריב נגמר, אבל אתה כבר לא יכול לתת מט
time-claim-won = הזמן של היריב נגמר, נתבע
own-time-lost = הזמן שלך נגמר, היריב תבע
own-time-draw = הזמן שלך נגמר, אבל היריב כבר לא יכול לתת מט
no-flag-to-claim = הזמן של השחקן לא נגמר: אין מה לתבוע.
both-flags-draw = הזמן של שני הצדדים נגמר (סעיף { $article })
own-flag-down-no-claim = גם הזמן שלך נגמר: אי אפשר לתבוע (סעיף { $article }).
time-claim-own-flag-down = גם הזמן של התובע נגמר: התביעה אינה תקפה (סעיף { $article }).

## Touched pieces (D.2.9.e)

# $role: king, queen, rook, bishop, knight or pawn; $name: the vocabulary's word for it (the
# German FIDE word the player speaks), given with the Hebrew name.
piece-accusative = { $role ->
    [king] במלך ({ $name })
    [queen] במלכה ({ $name })
    [rook] בצריח ({ $name })
    [bishop] ברץ ({ $name })
    [knight] בפרש ({ $name })
   *[pawn] ברגלי ({ $name })
}
touch-report-for-arbiter = דיווח לשופט (סעיף D.2.9.e): { $side } נגע בכלי שב־{ $what }.
touch-report-for-player = היריב נגע { $piece } ב־{ $square }. השופט יודע.
touch-square-for-player = היריב נגע בערוגה { $square }. השופט יודע.
touch-claim = דווח על כלי שנגעו בו ב־{ $square } (D.2.9.e)
bad-square = { $text } אינו ערוגה.

## Adjournment

adjourn-player-seals = הקרב הופסק. המסע הבא שלך נחתם: אמור אותו; הוא נרשם בלבד ואינו מוכרז.
adjourn-opponent-seals = הקרב הופסק. היריב חותם מסע.
sealed-for-player = המסע החתום נרשם: { $words }. השעונים נעצרו.
sealed-for-others = המסע נחתם; השעונים נעצרו.
resumed-with = חידוש הקרב. המסע החתום: { $words }.
adjourned = הקרב מופסק. המסע החתום יבוצע בחידוש הקרב.
nothing-sealed = אין מסע חתום.

## The arbiter's entries

clocks-paused = השעונים נעצרו.
clocks-resumed = השעון פועל שוב.
time-changed = השופט שינה את הזמן. { $report }
entry-set-up-what = !aufstellung לבד, או !aufstellung koenig weiss, או !aufstellung turm h1
set-up-no-castling-rook = אסור עוד להצריח עם הצריח מ-{ $square }, כי הוא הוצב שלא כראוי.
set-up-no-castling-king = { $side } אינו רשאי עוד להצריח, כי המלך הוצב שלא כראוי.
set-up-too-late = אחרי { $moves } מסעים של כל שחקן אי אפשר עוד לערער על ההצבה (סעיף { $article }). המשחק נמשך.
set-up-in-time = ערעור על הצבת הכלים או על השעון לפני המסע ה-{ $moves } של כל שחקן, כלומר בזמן (סעיף { $article }). השופט מחליט אם להציב מחדש או לכוון את השעון.
set-up-standard = ערעור על העמדה ההתחלתית: אם הייתה שגויה, המשחק מבוטל ומשוחק מחדש (סעיף { $article }). השופט מחליט.
default-time-passed = זמן ההמתנה עבר: { $time } מאז הפעלת השעון, ו{ $side } עוד לא שיחק מסע. שחקן שמגיע ללוח אחרי זמן ההמתנה מפסיד את המשחק, אלא אם השופט מחליט אחרת (סעיף { $article }).
entry-claim-side = !falsche-reklamation צריך את הצד שתבע
incorrect-claim-cut = השופט דחה את התביעה של { $claimant } (סעיף { $article }): { $opponent } מקבל עוד { $bonus }, והזמן של { $claimant } מקוצר. המשחק נמשך.
incorrect-claim = השופט דחה את התביעה של { $claimant } (סעיף { $article }): { $opponent } מקבל עוד { $bonus }. המשחק נמשך.
position-reset = השופט החזיר את העמדה לאחר מסע { $moves }: { $last }.
position-reset-to-start = השופט החזיר את העמדה להתחלה.
arbiter-result = החלטת השופט: { $result }. { $reason }
result-forfeit = ללא משחק
not-in-tournament = זה אסור במצב תחרות.
journal-failed = אזהרה: אי אפשר לכתוב את יומן הקרב ({ $why }). הקלט לא בוצע.
error-unknown-result = תוצאה לא ידועה { $result }: צפוי 1-0, 0-1 או 1/2-1/2
error-game-over-no-reset = הקרב הסתיים: אי אפשר עוד להחזיר את העמדה שלו

## The position (training mode)

position = הכלים שלך: { $own }. היריב: { $opponent }. { $turn }
your-move = תורך.
# A kind of piece in the plural, with the vocabulary's word; $role as in piece-accusative.
pieces = { $role ->
    [king] המלכים ({ $name })
    [queen] המלכות ({ $name })
    [rook] הצריחים ({ $name })
    [bishop] הרצים ({ $name })
    [knight] הפרשים ({ $name })
   *[pawn] הרגלים ({ $name })
}
square-empty = { $square }: ריקה.
square-own = { $square }: { $role ->
    [queen] ה{ $piece } שלך
   *[other] ה{ $piece } שלך
}.
square-opponent = { $square }: ה{ $piece } של היריב.
pieces-none = אין
piece-query = { $pieces } שלך: { $own }. { $pieces } של היריב: { $theirs }.

## Help

help-read-back = { $yes } מאשר את המסע, { $no } או { $correction } מבטל אותו, או אמור מסע אחר.
help-question = ענה על השאלה, או { $no } לביטול.
# $example: a knight move in the game's vocabulary ("Springer Felix drei").
help-your-move = תורך: אמור את הכלי ואת הערוגה, למשל { $example }.
help-commands = { $lead } וגם: { $commands }.
help-over = הקרב הסתיים. זמן, מסעים וחזרה עדיין פועלים.

## The clock in words

# $count: the number; $number: the same in words, in the feminine forms (src/numbers.rs);
# $case: plain, or oblique after a preposition; Hebrew has no case.
hours = { $case ->
   *[plain] { $count ->
        [one] שעה אחת
        [two] שעתיים
       *[other] { $number } שעות
    }
}
minutes = { $case ->
   *[plain] { $count ->
        [one] דקה אחת
        [two] שתי דקות
       *[other] { $number } דקות
    }
}
seconds = { $case ->
   *[plain] { $count ->
        [one] שנייה אחת
        [two] שתי שניות
       *[other] { $number } שניות
    }
}
time-report = אתה: { $own }. היריב: { $opponent }.
# The number of moves after a colon: מסע is masculine, the counting form is the feminine one.
moves-played = { $count ->
    [0] עוד לא שוחקו מסעים
    [one] שוחק מסע אחד
   *[other] מסעים ששוחקו: { $number }
}
moves-to-control = { $count ->
    [one] נותר מסע אחד עד בקרת הזמן
   *[other] מסעים עד בקרת הזמן: { $number }
}
moves-report = { $played }.
moves-report-to-control = { $played }, { $rest }.
warning-own = נותרו { $time }.
warning-opponent = היריב: נותרו { $time }.
period-added-own = הגעת לבקרת הזמן, נוספו { $time }.
period-added-opponent = היריב: הגיע לבקרת הזמן, נוספו { $time }.
flag-own = הזמן שלך נגמר.
flag-opponent = הזמן של היריב נגמר.

## Printed lines of `play` and `relay`

to-player = אליך: { $text }
to-opponent = אל היריב: { $text }
to-arbiter = אל השופט: { $text }
error-line = שגיאה: { $error }
journal-note = הערת יומן: { $note }
game-resumed = הקרב חודש מ־{ $path } ({ $events } אירועים; { $seconds } שניות של הפסקה, נספרות על השעון שפעל).
game-started = קרב Rochade: אתה משחק { $side }. יומן: { $path }. פקודת העזרה אומרת מה אפשר לומר; quit מסיים את התוכנית.
relay-started = תיווך Rochade: אתה משחק { $side }. יומן: { $path }. פקודת העזרה אומרת מה אפשר לומר; quit מסיים את התוכנית.
last-said = נאמר לאחרונה: { $text }
no-voice-input = אין קלט קולי ({ $why }). השתמש במקלדת.
ready = Rochade מוכן. אתה משחק { $side }.
listening = מקשיב.
not-read = לא נקרא: { $why }
voice-input-stopped = הקלט הקולי נעצר ({ $why }). השתמש במקלדת.
journal-cannot-be-written = אזהרה: אי אפשר לכתוב את היומן ({ $why }). הקלט לא בוצע.
scoresheet-files = טופס רישום: { $files }

## When a path to the player fails: the game record, the speech output, the microphone

record-failed = אי אפשר עוד לכתוב את יומן הקרב: השעונים נעצרו, נא לקרוא לשופט.
record-failed-not-done = לא בוצע: אי אפשר לכתוב את יומן הקרב. השעונים נעצרו, נא לקרוא לשופט.
# For the braille line, transcribed in English as the braille sheet is: short, the words that matter first.
record-failed-braille = Record failed: call the arbiter
# $why: the error; $clocks: the clocks at the failure (clocks-at-failure or no-clocks-at-failure).
record-failed-arbiter = אי אפשר לכתוב את יומן הקרב: { $why }. הקלט האחרון לא בוצע; השעונים עומדים מאז התקלה ({ $clocks }). Rochade מנסה לכתוב שוב כל כמה שניות: כשיתפנה מקום, הקרב ימשיך והשעונים עומדים, ו־!weiter מפעיל אותם. אם התוכנית תיסגר במקום זאת, play --resume יחשב את הזמן עד אז על השעון הרץ; ואז !uhren מכוון אותם.
# $white, $black: both clocks as h:mm:ss.
clocks-at-failure = לבן { $white }, שחור { $black }
no-clocks-at-failure = ללא זמן חשיבה
record-written-again = יומן הקרב נכתב שוב. השעונים עומדים עד שהשופט יפעיל אותם.
record-written-again-arbiter = יומן הקרב נכתב שוב; השעונים עומדים, ו־!weiter מפעיל אותם.
# $text: what could not be said; $why: why. The braille line is transcribed in English.
speech-failed-braille = Speech off: { $text }
speech-failed-move = הפלט הקולי נכשל: השעונים נעצרו, נא לקרוא לשופט.
speech-failed-arbiter = הפלט הקולי של השחקן נכשל ({ $why }); הוא לא שמע: „{ $text }”.
speech-failed-read-back-arbiter = הפלט הקולי של השחקן נכשל ({ $why }); הוא לא שמע את החזרת המסע „{ $text }”: המסע יבוצע רק ב„{ $yes }”.
speech-failed-opponent-arbiter = לא ניתן היה להשמיע את ההכרזה ליריב ({ $why }): „{ $text }”.
speech-back = הפלט הקולי עובד שוב: { $backend }.
microphone-lost = המיקרופון נכשל. נא להמשיך במקלדת; Rochade ממשיך לנסות את המיקרופון.
microphone-lost-read-back = המיקרופון נכשל. המסע שהוחזר יבוצע רק ב„{ $yes }” במקלדת; Rochade ממשיך לנסות את המיקרופון.
microphone-lost-braille = Microphone off: use the keyboard
microphone-back = המיקרופון עובד שוב.

## The scoresheet (print, braille, PGN comments)

sheet-title = טופס רישום
sheet-white = לבן
sheet-black = שחור
sheet-event = אירוע
sheet-site = מקום
sheet-date = תאריך
sheet-round = סיבוב
sheet-time-control = קצב משחק
sheet-rules = חוקה
sheet-start-position = עמדת פתיחה
sheet-result = תוצאה
sheet-in-progress = הקרב בעיצומו
sheet-adjourned = מופסק
sheet-white-signature = חתימת לבן
sheet-black-signature = חתימת שחור
# A sealed move in its place on the sheet.
sheet-sealed = חתום
sheet-sealed-move = מסע חתום
# The players in the heading.
sheet-versus = { $white } נגד { $black }
sheet-claim = תביעה של { $side }: { $kind }, { $outcome }
sheet-claim-with-move = תביעה של { $side }: { $kind }, { $outcome }; המסע המיועד { $move }
claim-threefold-repetition = חזרה משולשת
claim-fifty-moves = חוק חמישים המסעים
claim-time = זמן
claim-quickplay-finish = סיום מהיר
claim-illegal-move = מסע בלתי חוקי
claim-pending = ממתינה
claim-upheld-outcome = התקבלה
claim-rejected = נדחתה

## Speech output notices

speech-output = פלט קולי: { $backend }.
speech-switch = הפלט הקולי { $from } נכשל, ממשיכים עם { $to }.
speech-dispatcher-unused = אין שימוש ב־speech-dispatcher: { $why }
speech-stopped = הפלט הקולי נעצר ({ $why }); ההכרזות מודפסות בלבד.

## Names and the game read aloud (`rochade scoresheet --format speech`)

# The players' names on the sheet when none are given.
name-player = השחקן
name-opponent = היריב
reading-versus = { $white } נגד { $black }.
reading-move = מסע { $number }:
reading-side-move = { $side } { $words }.
reading-result-white-wins = תוצאה: אחת אפס.
reading-result-black-wins = תוצאה: אפס אחת.
reading-result-draw = תוצאה: תיקו.

## The arbiter's typed entries (`!…`), when one cannot be read; the entries themselves are
## typed as they are.

entry-help = קלטי השופט: !pause, !weiter, !zeit weiss 120, !zeit schwarz -60, !uhren 3600 3540, !zuege weiss 40, !strafe schwarz, !falsche-reklamation weiss, !inkrement 5, !aufstellung, !zurueck 20, !abbruch, !fortsetzung, !ergebnis 1-0 סיבה
entry-time-side = ל־!zeit חסר צבע: weiss או schwarz
entry-time-seconds = ל־!zeit חסרות שניות, למשל 120 או -60
entry-clocks-white = ל־!uhren חסרות השניות של לבן
entry-clocks-black = ל־!uhren חסרות השניות של שחור
entry-moves-side = ל־!zuege חסר צבע: weiss או schwarz
entry-moves-number = ל־!zuege חסר מספר מסעים
entry-penalty-side = ל־!strafe חסר הצבע שביצע את המסע הבלתי חוקי
entry-reset-ply = ל־!zurueck חסר מספר חצאי המסעים שנשארים
entry-unknown-result = תוצאה לא ידועה { $result }: 1-0, 0-1 או 1/2-1/2
entry-unknown = קלט שופט לא ידוע { $entry }; { $help }

## Why a move is not possible (training mode; the `interpret` JSON's reason)

# The pieces by their usual names, for these reasons ($role as in piece-accusative).
piece-name = { $role ->
    [king] מלך
    [queen] מלכה
    [rook] צריח
    [bishop] רץ
    [knight] פרש
   *[pawn] רגלי
}
illegal-game-over = הקרב הסתיים
illegal-cannot-reach = { $role ->
    [queen] אף { $piece } אינה יכולה
   *[other] אף { $piece } אינו יכול
} להגיע אל { $to }
illegal-cannot-reach-from = ה{ $role ->
    [queen] { $piece } שב־{ $from } אינה יכולה
   *[other] { $piece } שב־{ $from } אינו יכול
} להגיע אל { $to }
illegal-no-such-piece = אין לך { $role ->
   *[other] { $piece }
}
illegal-no-piece-on = אין כלי ב־{ $square }
illegal-opponent-piece-on = ה{ $role ->
   *[other] { $piece }
} שב־{ $square } שייך ליריב
illegal-other-piece-on = ב־{ $square } עומד { $there ->
   *[other] { $there_piece }
}, לא { $named ->
   *[other] { $named_piece }
}
illegal-pawn-blocked = הרגלי שב־{ $from } חסום ואינו יכול ללכת אל { $to }
illegal-pinned = ה{ $role ->
    [queen] { $piece } שב־{ $from } מרותקת
   *[other] { $piece } שב־{ $from } מרותק
}: המלך שלך יהיה בשח
illegal-king-in-check = המלך שלך בשח והמסע הזה אינו עונה עליו
illegal-king-would-be-in-check = המלך יהיה בשח ב־{ $to }
illegal-not-a-promotion = מסע אל { $to } אינו הכתרה
illegal-bad-promotion-piece = רגלי אינו יכול להפוך ל{ $role ->
   *[other] { $piece }
}
# $side: short, long or none.
illegal-castling-no-right = { $side ->
    [short] הצרחה קטנה
    [long] הצרחה גדולה
   *[none] הצרחה
} כבר אינה מותרת: המלך או הצריח זזו
illegal-castling-in-check = אין הצרחה מתוך שח
illegal-castling-blocked = { $side ->
    [short] הצרחה קטנה
    [long] הצרחה גדולה
   *[none] הצרחה
} חסומה: כלי עומד בדרך
illegal-castling-through-check = { $side ->
    [short] הצרחה קטנה
    [long] הצרחה גדולה
   *[none] הצרחה
} אינה אפשרית: המלך יעבור בערוגה מותקפת או ינחת בה

## The clock and the position refusing an arbiter's entry

clock-error-stopped = השעון נעצר: הקרב הסתיים
clock-error-paused = השעון מושהה: הפעל אותו קודם
clock-error-not-started = השעון עוד לא הופעל
clock-error-not-paused = השעון אינו מושהה
clock-error-already-running = השעון כבר פועל (תור { $running })
clock-error-other-side-running = השעון של { $running } פועל, ולכן { $side } אינו יכול להשלים מסע
# $speed: standard, rapid or blitz.
clock-error-no-time-penalty = חוקת { $rules } אינה נותנת עונש זמן על מסע בלתי חוקי ב{ $speed ->
    [rapid] שחמט מהיר
    [blitz] שחמט בזק
   *[standard] שחמט רגיל
}: היריב תובע את הקרב במקום זאת
clock-error-untimed = הקרב ללא שעון: אין זמן לשנות
reset-error-no-such-ply = אין עמדה אחרי { $ply } חצאי מסעים: שוחקו { $available }

## Reconciling two scoresheets (`rochade reconcile`), for the arbiter

reconcile-last-move = מסע { $number } של { $side } ({ $plies } חצאי מסעים)
reconcile-no-move = אין מסע
reconcile-agree = שני טופסי הרישום זהים מסע אחר מסע, עד { $last }.
reconcile-differ = טופסי הרישום שונים במסע { $number } של { $side }: בטופס א { $a }, בטופס ב { $b }.
reconcile-has = יש { $text }
reconcile-has-as = יש { $text } ({ $san })
reconcile-has-none = אין מסע
reconcile-sheet-a = טופס א: { $problem }.
reconcile-sheet-b = טופס ב: { $problem }.
reconcile-agree-up-to = הם זהים עד { $last }.
reconcile-agree-on-none = אין מסע שהם מסכימים עליו: חזרו לעמדת הפתיחה.
reconcile-position = העמדה שם: { $fen }
reconcile-clocks = השעונים אחרי אותו מסע: לבן { $white }, שחור { $black }.
reconcile-clock-unknown = לא ידוע
reconcile-journal-differs = אזהרה: ביומן אין אותם מסעים עד שם; בדקו את קריאות השעון.
# A written report gives times in digits.
reconcile-hours = { $count ->
    [one] שעה { $count }
   *[other] { $count } שעות
}
reconcile-minutes = { $count ->
    [one] דקה { $count }
   *[other] { $count } דקות
}
reconcile-seconds = { $count ->
    [one] שנייה { $count }
   *[other] { $count } שניות
}
and = ו

## Resuming a game from its journal

resumed-before-first-move = לפני המסע הראשון
resumed-after-move = אחרי מסע { $count }
resumed-after-white-move = אחרי מסע { $count } של לבן
resumed-player-clock-runs = תורך, השעון שלך פועל
resumed-opponent-clock-runs = תור היריב, השעון שלו פועל
resumed-player-clocks-stopped = תורך, השעונים עצורים
resumed-opponent-clocks-stopped = תור היריב, השעונים עצורים
resumed-player-to-move = תורך
resumed-opponent-to-move = תור היריב
# $after: "after move 23"; $turn: "it is your move, your clock is running".
resumed-where = הקרב חודש { $after }, { $turn }.
# $result: the sentence of the result.
resumed-game-over = הקרב נפתח מחדש { $after }. { $result }
announce-again = שוב: { $words }
journal-torn-line = השורה האחרונה ביומן, שורה { $line }, לא הייתה שלמה: התוכנית נעצרה בזמן כתיבתה. היא הושמטה ונשמרה בצד.
journal-broken-line = אי אפשר לקרוא את שורה { $line } ביומן.
journal-changed-line = שורה { $line } ביומן שונתה: סכום הביקורת שלה אינו מתאים.
journal-unsealed-line = לשורה { $line } ביומן אין סכום ביקורת.
journal-missing-lines = { $count ->
    [one] חסרה שורה לפני שורה { $line } ביומן.
   *[other] חסרות שורות ({ $count }) לפני שורה { $line } ביומן.
}
journal-line-out-of-place = שורה { $line } ביומן אינה במקומה.
journal-line-out-of-time = לשורה { $line } ביומן זמן מוקדם מזה של השורה שלפניה.
journal-resume-question = אפשר לחדש את הקרב משורה { $line } ביומן, { $after }. מה שאחריה נשאר ביומן אבל אינו בשימוש. לחדש?
journal-not-resumed = לא חודש. היומן לא השתנה.
journal-resumed-after-damage = חודש משורה { $line }; השורות הפגומות נשארות ביומן, בצד.

## Input that was not read

typed-line-too-long = השורה ארוכה מ־{ $count } תווים ולא נקראה. נא להקליד אותה קצרה יותר.
typed-line-not-text = השורה אינה טקסט קריא ולא נקראה.

## Time counted on no clock (for the arbiter)

# $duration: the time in words; $count: the same in seconds.
duration-with-seconds = { $duration } ({ $count ->
   *[other] { $count } שניות
})
uncounted-time-rules = הזמן לא נספר על אף שעון. נא להחליט; כדי לספור אותו: !zeit weiss -SECONDS או !zeit schwarz -SECONDS.
# $duration: "one hour (3600 seconds)"; $rules: the sentence on how to count it.
wall-clock-went-back = שעון המחשב חזר אחורה ב־{ $duration } מאז השורה האחרונה ביומן; משך ההפסקה אינו ידוע. { $rules }
downtime-too-long = לפי שעון המחשב התוכנית לא פעלה { $duration }, זמן ארוך מכדי לספור אותו בלעדיך. { $rules }
computer-was-suspended = המחשב הושהה למשך { $duration }; בינתיים Rochade לא יכול היה לשמוע או להכריז דבר. { $rules }

## The time control, read back at the start

control-moves-in = { $count ->
    [one] מסע אחד ב־{ $time }
   *[other] { $number } מסעים ב־{ $time }
}
control-then = אחר כך { $period }
control-with-bonus = { $period }, { $bonus }
control-increment = ועוד { $time } לכל מסע
control-increment-all = ועוד { $time } לכל מסע מהמסע הראשון
control-delay = עם השהיה של { $time } לכל מסע
control-bronstein = עם השהיית ברונשטיין של { $time } לכל מסע
control-read-back = קצב המשחק: { $control }.
control-looks-like-minutes = שים לב: קצב המשחק { $input } פירושו { $seconds } שניות, לא דקות. עבור { $seconds } דקות יש להזין { $minutes }.

## The start on the arbiter's signal

clock-waits-for-signal = השעון יתחיל באות השופט.
game-begins = הקרב מתחיל, השעון פועל.
before-signal = הקרב עוד לא התחיל: השעון יתחיל באות השופט.

## Last move and scoresheet

last-move-own = המסע האחרון שלך: { $words }.
no-move-yet = עוד לא שוחק אף מסע.
scoresheet-move = מסע { $number }: { $white }, { $black }.
scoresheet-move-white = מסע { $number }: { $white }.
scoresheet-move-black = מסע { $number }: שחור { $black }.
scoresheet-empty = טופס הרישום עדיין ריק.
scoresheet-not-yet = מסע { $number } עוד לא שוחק.

## שחמט 960 (הנחיות פיד"ה II)

chess960-start = שחמט 960, עמדת פתיחה מספר { $number }: { $pieces }.
chess960-number-out-of-range = { $number } אינה עמדת פתיחה של שחמט 960: הן ממוספרות מ-0 עד 959.
chess960-not-numbered = העמדה שניתנה אינה עמדת הפתיחה { $number } של שחמט 960.
error-not-started = המשחק לא התחיל: האירוע הראשון חייב להיות "start".
chess960-unreadable = אי אפשר לקרוא את עמדת הפתיחה של שחמט 960: היא אינה FEN.
chess960-pawns = זו אינה עמדת פתיחה של שחמט 960: שמונת הרגלים של הלבן עומדים בשורה השנייה ושל השחור בשורה השביעית, ואין כלי אחר מחוץ לשורה הראשונה והשמינית.
chess960-pieces = זו אינה עמדת פתיחה של שחמט 960: בשורה הראשונה של הלבן עומדים מלך אחד, מלכה אחת, שני צריחים, שני רצים ושני פרשים.
chess960-king-not-between-rooks = זו אינה עמדת פתיחה של שחמט 960: המלך חייב לעמוד בין שני הצריחים.
chess960-bishops-one-colour = זו אינה עמדת פתיחה של שחמט 960: הרצים חייבים לעמוד על משבצות בצבעים שונים.
chess960-black-not-mirrored = זו אינה עמדת פתיחה של שחמט 960: כלי השחור חייבים לעמוד מול כלי הלבן כבמראה.
chess960-not-at-start = זו אינה עמדת פתיחה של שחמט 960: המשחק מתחיל כשהלבן בתורו ועם כל זכויות ההצרחה.

## הדף ליריב הרואה (--web)

# מודפס ונאמר לשחקן בהתחלה: כתובת הדף, והקוד שהיריב צריך להזנות שלו ($pin ספרות עם רווחים ביניהן).
web-started = הדף ליריב: { $url }
web-started-pin = הדף ליריב: { $url }, קוד { $pin }.
# למה הקרב מחכה; $side הוא white או black.
web-state-idle = אין קרב פעיל.
web-state-paused = השעונים עצורים.
web-state-confirm = { $side ->
    [white] לבן
   *[black] שחור
} מאשר את המסע שלו.
web-state-answers = { $side ->
    [white] לבן
   *[black] שחור
} עונה על שאלה.
web-state-signal = ממתינים לאות ההתחלה של השופט.
web-state-draw-offer = { $side ->
    [white] לבן
   *[black] שחור
} מציע תיקו.
web-state-to-move = תור { $side ->
    [white] לבן
   *[black] שחור
}.
# למה בקשה של הדף לא מתקבלת.
web-state-busy = יותר מדי חיבורים: נא לנסות שוב בעוד רגע.
web-state-host = הכתובת הזאת אינה מותרת לדף.
web-state-too-many = יותר מדי הזנות: נא להמתין רגע.
web-state-not-found = אין כאן דבר כזה.
web-state-bad-request = אי אפשר לקרוא את ההזנה.
web-state-too-large = ההזנה ארוכה מדי.
web-state-arbiter-locked = לוח השופט נעול: לא נקבע קוד לשופט.
web-state-pin-locked = יותר מדי קודים שגויים: נא להמתין דקה.
web-state-pin-wrong = הקוד חסר או שגוי.
web-state-no-game = Rochade אינו עונה: אין קרב פעיל.
# התוויות של הדף; הדף ממלא את $square (משבצת כמו e7), $piece, $san (מסע), $side (לבן או שחור), $result.
web-title = Rochade: הלוח ליריב
web-board-from-white = הלוח, מצד לבן
web-board-from-black = הלוח, מצד שחור
web-square = { $square }, { $piece }
web-square-empty = { $square }, ריקה
web-square-last = { $square }, { $piece }, המסע האחרון
web-piece-white-king = מלך לבן
web-piece-white-queen = מלכה לבנה
web-piece-white-rook = צריח לבן
web-piece-white-bishop = רץ לבן
web-piece-white-knight = פרש לבן
web-piece-white-pawn = רגלי לבן
web-piece-black-king = מלך שחור
web-piece-black-queen = מלכה שחורה
web-piece-black-rook = צריח שחור
web-piece-black-bishop = רץ שחור
web-piece-black-knight = פרש שחור
web-piece-black-pawn = רגלי שחור
web-selected = { $square } נבחרה. הקש על משבצת היעד.
web-promote-question = לאיזה כלי הרגלי מוכתר?
web-promote-queen = מלכה
web-promote-rook = צריח
web-promote-bishop = רץ
web-promote-knight = פרש
web-cancel = ביטול
web-clocks = שעונים
web-clock-running = פועל
web-moves = מסעים
web-move-announce = { $side }: { $san }
web-result = תוצאה: { $result }
web-question = שאלה אליך
web-announcements = הודעות אליך
web-actions = הדיווחים שלך
web-touched = נגעתי בכלי
web-touched-hint = הקש על המשבצת של הכלי שנגעת בו.
web-draw-offer = הצע תיקו
web-draw-accept = קבל תיקו
web-draw-decline = דחה תיקו
web-resign = היכנע
web-resign-confirm = באמת להיכנע?
web-pin = קוד להזנות שלך (השחקן אומר לך אותו)
web-sheet = טופס הרישום
web-print = הדפסה
web-download-pgn = הורדת PGN
web-download-brf = הורדת BRF (ברייל)
web-arbiter = שופט
web-arbiter-pin = הקוד של השופט
web-arbiter-pause = עצור את השעונים
web-arbiter-resume = הפעל את השעונים שוב
web-arbiter-start = תן את אות ההתחלה
web-arbiter-side = צד
web-arbiter-seconds = שניות (מינוס מוריד זמן)
web-arbiter-time = שנה את הזמן
web-arbiter-penalty = עונש על מסע לא חוקי של הצד הזה
web-arbiter-ply = חצאי מסעים
web-arbiter-reset = העמד את העמדה אחרי חצאי המסעים האלה
web-arbiter-adjourn = דחה את הקרב
web-arbiter-continue = המשך את הקרב הנדחה
web-arbiter-result = רשום את התוצאה
web-arbiter-reason = סיבה
web-done = בוצע.
web-offline = אין חיבור ל-Rochade. מנסים שוב.

## השירות (rochade service), השליטה בו (rochade ctl) ו־install-service

no-push-to-talk = אין מקש דיבור: התוכנית מקשיבה בלעדיו או שאין לה קלט קולי.
service-ready = התוכנית מוכנה. למשחק חדש אמור: { $new_game }.
service-ready-learn = התוכנית מוכנה. למשחק חדש אמור: { $new_game }. כדי שהתוכנית תבין את קולך טוב יותר, אמור קודם: { $learn_voice }; זה נמשך כשש דקות.
service-help = בין המשחקים אפשר לומר: { $commands }.
service-settings = משחק חדש: אתה משחק { $side }. { $control }
service-resuming = התוכנית הופעלה מחדש. המשחק שלך ממשיך.
service-nothing-to-resume = אין משחק שנקטע להמשיך.
service-last-game-over = המשחק האחרון הסתיים; הוא לא ימשיך.
service-no-game = אין משחק פעיל. למשחק חדש אמור: { $new_game }.
service-game-running = משחק כבר פעיל. יש לעצור אותו קודם, בפקודה rochade ctl stop.
service-game-not-started = המשחק לא יכול להתחיל: { $why }
service-game-stopped = המשחק נקטע ונשמר ביומן שלו.
service-game-failed = המשחק הסתיים בשגיאה: { $why }
service-stopping = התוכנית נסגרת.
service-journal-unreadable = אי אפשר לקרוא את היומן { $path }: { $why }
service-bad-request = לא בקשה של rochade ctl: { $why }
service-started = שירות התוכנית פועל. שליטה דרך { $path }.
service-no-microphone = אין מיקרופון ({ $why }). ניסיון נוסף בעוד { $seconds } שניות.
service-microphone-ready = המיקרופון מוכן: התוכנית מקשיבה.
service-already-running = שירות של התוכנית כבר פועל ועונה דרך { $path }.
service-cannot-listen = אי אפשר להקים את השליטה דרך { $path }: { $why }
service-learning-no-voice = השירות אינו שומע מיקרופון, ולכן אינו יכול ללמוד את הקול שלך.
service-learning-failed = לא ניתן להתחיל ללמוד את הקול שלך: { $why }
service-learning-running = Rochade לומד עכשיו את הקול שלך. אמור קודם { $stop }.
ctl-no-service = אין שירות שעונה דרך { $path } ({ $why }). הפעל אותו בפקודה rochade service או systemctl --user start rochade.
ctl-failed = הבקשה לשירות נכשלה: { $why }
status-idle = אין משחק.
status-playing = המשחק פעיל.
status-paused = השעונים עומדים.
status-over = המשחק הסתיים.
status-moves = שוחקו: { $moves }. תור: { $side }.
status-no-moves = עוד לא שוחק מסע. תור: { $side }.
status-question = שאלה ליריב: { $question }
status-result = תוצאה: { $result }
install-service-written = קובץ השירות נכתב: { $path }
install-service-enabled = הופעל עבור הסשן הגרפי: { $path }
install-service-enabled-systemctl = הופעל בפקודה systemctl --user enable rochade.service.
install-service-start = השירות יתחיל בכניסה הבאה, או עכשיו בפקודה: systemctl --user start rochade

## Settings (rochade config)

config-file = ההגדרות מתוך { $path }.
config-file-none = אין קובץ הגדרות { $path }: חלים הערכים המובנים ושורת הפקודה.
config-setting = { $name } = { $value } ({ $source })
config-from-default = מובנה
config-from-file = מהקובץ, שורה { $line }
config-from-command-line = משורת הפקודה
config-unset = לא מוגדר

## Speech settings by voice

speech-louder = חזק יותר.
speech-softer = חלש יותר.
speech-faster = מהר יותר.
speech-slower = לאט יותר.
speech-loudest = זה הקול החזק ביותר.
speech-softest = זה הקול החלש ביותר.
speech-fastest = זו המהירות הגבוהה ביותר.
speech-slowest = זו המהירות האיטית ביותר.

## A game running on the laptop: no sleep, the battery

inhibit-why = משחק שחמט מתנהל
battery-low = הסוללה ב־{ $percent } אחוז. נא לחבר את המטען בקרוב.
battery-very-low = הסוללה ב־{ $percent } אחוז בלבד. נא לחבר את המטען עכשיו, אחרת המחשב ייכבה.

## The check before the first move

check-start = בדיקה קצרה לפני המשחק. אם אתה שומע את המשפט הזה, האוזניות עובדות.
check-room-silent = המיקרופון אינו מעביר קול: האם הוא מושתק או מנותק?
check-room-quiet = המיקרופון שומע חדר שקט.
check-room-noisy = החדר רועש: ייתכן שהמסעים לא ייקלטו בוודאות. מיקרופון קרוב לפה עוזר.
check-say = נא לומר עכשיו: { $phrase }.
check-heard = נשמע: { $heard }.
check-heard-nothing = לא הובן דבר. נא לבדוק את המיקרופון; המקלדת תמיד עובדת.
check-voice-quiet = הקול שלך נקלט חלש: נא לקרב את המיקרופון לפה.
check-done = הבדיקה הסתיימה.

## לימוד הקול של השחקן (rochade models read): השחקן קורא שורות בקול ו-pocketsphinx לומד מהן

learning-start = Rochade ילמד עכשיו את הקול שלך. אומר { $count ->
    [one] שורה אחת
   *[other] { $number } שורות
}; חזור על כל שורה אחריי.
learning-help = אמור { $repeat } כדי לשמוע שורה שוב, { $skip } כדי לדלג עליה, ו-{ $stop } כדי להפסיק; מה שקראת יילמד אז.
learning-line = שורה { $number }: { $words }
learning-again = לא הובן. נא שוב: { $words }
learning-left-out = אני מדלג על השורה הזאת.
learning-kept = { $count ->
    [one] הוקלטה שורה אחת.
   *[other] הוקלטו { $number } שורות.
}
learning-cannot-keep = לא ניתן לשמור את ההקלטה: { $why }. הקריאה מסתיימת כאן.
learning-folder = ההקלטות נמצאות ב-{ $folder }.
learning-adapting = אני לומד עכשיו את הקול שלך. זה לוקח כדקה.
learning-adapted = סיימתי. מהמשחק הבא Rochade שומע אותך בקול שלך.
learning-nothing-kept = לא הוקלטה אף שורה; דבר לא נלמד.
learning-not-adapted = לא ניתן היה ללמוד את הקול שלך: { $why }. ההקלטות נשמרות.
learning-no-microphone = בלי מיקרופון Rochade אינו יכול ללמוד את הקול שלך: { $why }
