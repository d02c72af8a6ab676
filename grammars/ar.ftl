# جمل Rochade بالعربية: كل ما يقال أو يطبع للاعب وللمنافس وللحكم، وعناوين ورقة التسجيل.
# Rochade's sentences in Arabic, Fluent syntax (https://projectfluent.org).
#
# NOT REVIEWED BY A NATIVE SPEAKER. Nobody on the project can judge Arabic grammar: these
# sentences were written from the English catalog and the chess words of the Arabic FIDE Laws
# (2005 text). A native speaker should review every message, above all the numbers with their
# nouns (ساعة، دقيقة، ثانية: the forms chosen by the plural selectors below and the number
# words of src/numbers.rs), the gender and number agreement of verbs and adjectives, and the
# register (the player is addressed with the masculine singular "you").
#
# Every catalog in grammars/ has the same message ids with the same placeholders (a test
# checks it). Placeholders are filled by Rochade: the moves, squares and command words the
# blind player speaks come from his vocabulary (the German FIDE words, grammars/de.toml, unless
# the game chose another), so sentences to the player carry those words as they are; moves
# announced to the opponent come from grammars/ar.toml. Numbers come in words ($number) beside
# their value ($count, for the plural selectors: zero, one, two, few, many, other).

## Lists and questions

or = أو
read-back-inexact = هل تقصد { $words }؟
command-question = هل تقصد { $command }؟
which-promotion = { $square }: أي قطعة؟ { $pieces }؟
which-piece = أي قطعة إلى { $square }؟ { $pieces }؟

## The player's moves

made = تمت النقلة.
withdrawn = سُحبت النقلة. ما نقلتك؟
nothing-to-withdraw = لا يوجد ما يُسحب.
too-late-to-withdraw = النقلة تمت وساعة المنافس تعمل: لم يعد تصحيحها ممكنا.
not-possible = { $heard }: غير ممكن.
not-possible-because = { $heard }: غير ممكن، { $reason }.
not-understood = لم أفهم.
not-understood-heard = لم أفهم: { $heard }.
answer-not-fitting = { $heard } لا يناسب السؤال. { $question }
heard-but = { $heard }: { $sentence }
not-your-turn = الدور على المنافس.
opponent-not-to-move = الدور على اللاعب، لا على المنافس.

## The opponent

opponent-moved = المنافس: { $words }.
opponent-illegal = أدخل المنافس نقلة غير ممكنة: { $text }. هل أوقف الساعة وأستدعي الحكم؟
opponent-illegal-for-opponent = هذه النقلة غير ممكنة: { $text }. العب نقلة أخرى من فضلك.
opponent-which = أي نقلة: { $options }؟ أدخل النقلة بوضوح من فضلك.

## The arbiter

arbiter-called = أوقفت الساعتان. استدع الحكم من فضلك.
arbiter-summoned = إلى الحكم من فضلك: { $why }
player-calls-arbiter = { $side } يطلب الحكم.
impossible-entry-for-arbiter = { $side } أدخل نقلة غير ممكنة: { $entered }.
cancelled = أُلغي.
no-clock = لم يحدد نظام للوقت.
nothing-said-yet = لم يُقل شيء بعد.
nothing-to-confirm = لا يوجد ما يؤكَّد.

## Draws

draw-offered-to-opponent = عرض تعادل.
draw-offer-sent = أُعلن عرض التعادل للمنافس.
draw-offer-with-move = سيُعرض التعادل مع النقلة.
draw-offer-before-move = أُعلن عرض التعادل. حسب القوانين يُعرض التعادل بعد أداء النقلة.
opponent-offers-draw = المنافس يعرض التعادل. اقبله أو ارفضه أو العب نقلتك.
draw-agreement-from-move = لا تسمح هذه البطولة بالتعادل بالاتفاق إلا ابتداء من النقلة { $move }. لم يُنقل شيء.
draw-agreement-forbidden = لا تسمح هذه البطولة بالتعادل بالاتفاق. لم يُنقل شيء.
draw-declined = رُفض عرض التعادل.
draw-offer-lapsed = سقط عرض التعادل بالنقلة.
draw-offer-declined-by-touch = لمس المنافس قطعة: رُفض عرض التعادل (المادة { $article }).
draw-agreed = تعادل بالاتفاق.
draw-accept-question = هل تقبل عرض التعادل؟
draw-claim-question = هل تطالب بالتعادل؟
quickplay-claim-for-arbiter = { $side } يطالب بالتعادل وفق المادة { $article } وقد بقي له أقل من دقيقتين: الخصم لا يستطيع الفوز بالوسائل العادية أو لا يبذل جهدا لذلك. الساعتان متوقفتان.
quickplay-claimed = طولب بالتعادل وفق المادة { $article }. الساعتان متوقفتان؛ الحكم يقرر.
draw-quickplay-question = هل تطالب بالتعادل وفق المادة { $article } لأن الخصم لا يستطيع الفوز بالوسائل العادية أو لا يحاول ذلك؟ نعم أو لا.
draw-offer-question = هل تعرض التعادل؟
draw-not-confirmed = لا تعادل.
claim-upheld = طلب التعادل، أوقفت الساعة: { $why }. الطلب صحيح.
claim-for-arbiter = طلب تعادل من { $side } حسب المادة { $article }: { $why }. أوقفت الساعة.
claim-for-arbiter-with-move = طلب تعادل من { $side } حسب المادة { $article }: { $why }، والنقلة المقصودة { $move }. أوقفت الساعة.

## Sides and endings

side-white = الأبيض
side-black = الأسود
resign-question = هل تستسلم حقا؟
illegal-moves-end = نقلات غير قانونية من { $side } (المادة { $article })
illegal-moves-end-drawn = نقلات غير قانونية من { $side }، لكن { $other } لا يستطيع تنفيذ كش مات (المادة { $article })
resigns = { $side } يستسلم
time-up = انتهى وقت { $side }
time-up-cannot-mate = انتهى وقت { $side }، لكن { $other } لا يستطيع تنفيذ كش مات
resignation = الاستسلام
opponent-resigned = المنافس يستسلم
game-over = انتهت المباراة: { $result }.
not-started = لم تبدأ المباراة بعد.
result-white-wins = فوز الأبيض
result-black-wins = فوز الأسود
result-draw = تعادل
end-checkmate = كش مات
end-stalemate = خنق الملك
end-dead-position = وضعية جامدة، لا يمكن الكش مات
end-fivefold-repetition = الوضع نفسه للمرة الخامسة
end-seventy-five-moves = 75 نقلة بلا تحريك بيدق ولا أسر
end-threefold-repetition = الوضع نفسه للمرة الثالثة
end-fifty-moves = 50 نقلة بلا تحريك بيدق ولا أسر
# The end of a game for the player: the reason, then the outcome.
game-ended = { $reason }. { $outcome }
game-ended-for-opponent = { $reason }: { $result }.
outcome-draw = تعادل.
outcome-won = فزت.
outcome-lost = خسرت.
time-claim-cannot-mate = انتهى وقت المنافس، لكنك لا تستطيع تنفيذ كش مات
time-claim-won = انتهى وقت المنافس، وطُلب ذلك
own-time-lost = انتهى وقتك، وطلب ذلك المنافس
own-time-draw = انتهى وقتك، لكن المنافس لا يستطيع تنفيذ كش مات
no-flag-to-claim = وقت اللاعب لم ينته: لا يوجد ما يُطلب.
both-flags-draw = انتهى وقت الطرفين كليهما (المادة { $article })
own-flag-down-no-claim = انتهى وقتك أيضاً: لا يمكن المطالبة (المادة { $article }).
time-claim-own-flag-down = انتهى وقت المطالِب أيضاً: المطالبة غير صحيحة (المادة { $article }).

## Touched pieces (D.2.9.e)

# $role: king, queen, rook, bishop, knight or pawn; $name: the vocabulary's word for it (the
# German FIDE word the player speaks), given with the Arabic name.
piece-accusative = { $role ->
    [king] الملك ({ $name })
    [queen] الوزير ({ $name })
    [rook] الرخ ({ $name })
    [bishop] الفيل ({ $name })
    [knight] الحصان ({ $name })
   *[pawn] البيدق ({ $name })
}
touch-report-for-arbiter = بلاغ إلى الحكم (المادة D.2.9.e): { $side } لمس القطعة في { $what }.
touch-report-for-player = لمس المنافس { $piece } في { $square }. أُبلغ الحكم.
touch-square-for-player = لمس المنافس المربع { $square }. أُبلغ الحكم.
touch-claim = بلاغ عن قطعة ملموسة في { $square } (D.2.9.e)
bad-square = { $text } ليس مربعا.

## Adjournment

adjourn-player-seals = أُجلت المباراة. نقلتك التالية مختومة: قلها؛ تُسجل فقط ولا تُعلن.
adjourn-opponent-seals = أُجلت المباراة. المنافس يختم نقلة.
sealed-for-player = سُجلت النقلة المختومة: { $words }. أوقفت الساعتان.
sealed-for-others = النقلة مختومة؛ أوقفت الساعتان.
resumed-with = استئناف. النقلة المختومة: { $words }.
adjourned = المباراة مؤجلة. تُنفذ النقلة المختومة عند الاستئناف.
nothing-sealed = لا توجد نقلة مختومة.

## The arbiter's entries

clocks-paused = أوقفت الساعتان.
clocks-resumed = الساعة تعمل من جديد.
time-changed = غيّر الحكم الوقت. { $report }
entry-set-up-what = !aufstellung وحدها، أو !aufstellung koenig weiss، أو !aufstellung turm h1
set-up-no-castling-rook = لم يعد التبييت مسموحا بالرخ من { $square } لأنه وُضع خطأ.
set-up-no-castling-king = لم يعد يحق لـ{ $side } التبييت لأن الملك وُضع خطأ.
set-up-too-late = بعد { $moves } نقلات لكل لاعب لا يمكن الاعتراض على الترتيب (المادة { $article }). تستمر المباراة.
set-up-in-time = اعتراض على ترتيب القطع أو الساعة قبل النقلة { $moves } لكل لاعب، أي في الوقت (المادة { $article }). الحكم يقرر إعادة الترتيب أو ضبط الساعة.
set-up-standard = اعتراض على الوضع الابتدائي: إن كان خاطئا تُلغى المباراة وتُلعب من جديد (المادة { $article }). الحكم يقرر.
default-time-passed = انقضى وقت الانتظار: { $time } منذ تشغيل الساعة، ولم يلعب { $side } أي نقلة بعد. اللاعب الذي يصل إلى الرقعة بعد وقت الانتظار يخسر المباراة ما لم يقرر الحكم غير ذلك (المادة { $article }).
entry-claim-side = !falsche-reklamation يحتاج إلى اللون الذي طالب
incorrect-claim-cut = رفض الحكم مطالبة { $claimant } (المادة { $article }): يحصل { $opponent } على { $bonus } إضافية، ويُخفَّض وقت { $claimant }. تستمر المباراة.
incorrect-claim = رفض الحكم مطالبة { $claimant } (المادة { $article }): يحصل { $opponent } على { $bonus } إضافية. تستمر المباراة.
position-reset = أعاد الحكم الوضع إلى ما بعد النقلة { $moves }: { $last }.
position-reset-to-start = أعاد الحكم الوضع إلى البداية.
arbiter-result = قرار الحكم: { $result }. { $reason }
result-forfeit = بلا لعب
not-in-tournament = هذا غير مسموح في وضع البطولة.
journal-failed = تحذير: لا يمكن كتابة سجل المباراة ({ $why }). لم يُنفذ الإدخال.
error-unknown-result = نتيجة غير معروفة { $result }: المتوقع 1-0 أو 0-1 أو 1/2-1/2
error-game-over-no-reset = انتهت المباراة: لم يعد ممكنا إعادة وضعها

## The position (training mode)

position = قطعك: { $own }. المنافس: { $opponent }. { $turn }
your-move = الدور عليك.
# A kind of piece in the plural, with the vocabulary's word; $role as in piece-accusative.
pieces = { $role ->
    [king] الملوك ({ $name })
    [queen] الوزراء ({ $name })
    [rook] الرخاخ ({ $name })
    [bishop] الأفيال ({ $name })
    [knight] الأحصنة ({ $name })
   *[pawn] البيادق ({ $name })
}
square-empty = { $square }: فارغ.
square-own = { $square }: { $role ->
   *[other] { $piece }
} لك.
square-opponent = { $square }: { $piece } للمنافس.
pieces-none = لا شيء
piece-query = { $pieces } لك: { $own }. { $pieces } للمنافس: { $theirs }.

## Help

help-read-back = { $yes } يؤكد النقلة، { $no } أو { $correction } يسحبها، أو قل نقلة أخرى.
help-question = أجب عن السؤال، أو { $no } للإلغاء.
# $example: a knight move in the game's vocabulary ("Springer Felix drei").
help-your-move = الدور عليك: قل القطعة والمربع، مثلا { $example }.
help-commands = { $lead } وأيضا: { $commands }.
help-over = انتهت المباراة. الوقت والنقلات والتكرار ما زالت تعمل.

## The clock in words

# $count: the number; $number: the same in words (src/numbers.rs gives the forms for
# feminine nouns). Plural categories of Arabic: zero, one, two, few (3-10), many (11-99),
# other (100 and up). $case: plain, or oblique after a preposition or in an idafa (the
# genitive: "في دقيقتين", "تأخير ثانيتين"); only the dual shows it in writing.
hours = { $case ->
    [oblique] { $count ->
        [zero] صفر ساعة
        [one] ساعة واحدة
        [two] ساعتين
        [few] { $number } ساعات
       *[other] { $number } ساعة
    }
   *[plain] { $count ->
        [zero] صفر ساعة
        [one] ساعة واحدة
        [two] ساعتان
        [few] { $number } ساعات
       *[other] { $number } ساعة
    }
}
minutes = { $case ->
    [oblique] { $count ->
        [zero] صفر دقيقة
        [one] دقيقة واحدة
        [two] دقيقتين
        [few] { $number } دقائق
       *[other] { $number } دقيقة
    }
   *[plain] { $count ->
        [zero] صفر دقيقة
        [one] دقيقة واحدة
        [two] دقيقتان
        [few] { $number } دقائق
       *[other] { $number } دقيقة
    }
}
seconds = { $case ->
    [oblique] { $count ->
        [zero] صفر ثانية
        [one] ثانية واحدة
        [two] ثانيتين
        [few] { $number } ثوان
       *[other] { $number } ثانية
    }
   *[plain] { $count ->
        [zero] صفر ثانية
        [one] ثانية واحدة
        [two] ثانيتان
        [few] { $number } ثوان
       *[other] { $number } ثانية
    }
}
time-report = أنت: { $own }. المنافس: { $opponent }.
# The number of moves after a colon, so that it needs no agreement with a noun.
moves-played = { $count ->
    [0] لم تُلعب أي نقلة بعد
    [one] لُعبت نقلة واحدة
   *[other] النقلات الملعوبة: { $number }
}
moves-to-control = { $count ->
    [one] بقيت نقلة واحدة حتى مراقبة الوقت
   *[other] النقلات الباقية حتى مراقبة الوقت: { $number }
}
moves-report = { $played }.
moves-report-to-control = { $played }، { $rest }.
warning-own = بقي { $time }.
warning-opponent = المنافس: بقي { $time }.
period-added-own = بلغت مراقبة الوقت، أضيف { $time }.
period-added-opponent = المنافس: بلغ مراقبة الوقت، أضيف { $time }.
flag-own = انتهى وقتك.
flag-opponent = انتهى وقت المنافس.

## Printed lines of `play` and `relay`

to-player = إليك: { $text }
to-opponent = إلى المنافس: { $text }
to-arbiter = إلى الحكم: { $text }
error-line = خطأ: { $error }
journal-note = ملاحظة السجل: { $note }
game-resumed = استؤنفت المباراة من { $path } ({ $events } حدث؛ { $seconds } ثانية من الانقطاع، تحسب على الساعة التي كانت تعمل).
game-started = مباراة Rochade: تلعب بـ{ $side }. السجل: { $path }. قل أمر المساعدة لمعرفة ما يمكن قوله؛ quit ينهي البرنامج.
relay-started = نقل Rochade: تلعب بـ{ $side }. السجل: { $path }. قل أمر المساعدة لمعرفة ما يمكن قوله؛ quit ينهي البرنامج.
last-said = آخر ما قيل: { $text }
no-voice-input = لا إدخال صوتي ({ $why }). استعمل لوحة المفاتيح.
ready = Rochade جاهز. تلعب بـ{ $side }.
listening = أستمع.
not-read = لم يُقرأ: { $why }
voice-input-stopped = توقف الإدخال الصوتي ({ $why }). استعمل لوحة المفاتيح.
journal-cannot-be-written = تحذير: لا يمكن كتابة السجل ({ $why }). لم يُنفذ الإدخال.
scoresheet-files = ورقة التسجيل: { $files }

## When a path to the player fails: the game record, the speech output, the microphone

record-failed = لم يعد ممكنًا كتابة سجل المباراة: أوقفت الساعتان، استدع الحكم من فضلك.
record-failed-not-done = لم يُنفذ: لا يمكن كتابة سجل المباراة. أوقفت الساعتان، استدع الحكم من فضلك.
# For the braille line, transcribed in English as the braille sheet is: short, the words that matter first.
record-failed-braille = Record failed: call the arbiter
# $why: the error; $clocks: the clocks at the failure (clocks-at-failure or no-clocks-at-failure).
record-failed-arbiter = لا يمكن كتابة سجل المباراة: { $why }. لم يُنفذ الإدخال الأخير؛ الساعتان متوقفتان منذ العطل ({ $clocks }). يحاول Rochade الكتابة من جديد كل بضع ثوانٍ: حين يتوفر المكان تستمر المباراة والساعتان متوقفتان، و!weiter يشغلهما. وإن أُنهي البرنامج بدلًا من ذلك، يحسب play --resume الوقت حتى ذلك الحين على الساعة الجارية؛ ثم يضبطهما !uhren.
# $white, $black: both clocks as h:mm:ss.
clocks-at-failure = الأبيض { $white }، الأسود { $black }
no-clocks-at-failure = بلا وقت للتفكير
record-written-again = يُكتب سجل المباراة من جديد. تبقى الساعتان متوقفتين حتى يشغلهما الحكم.
record-written-again-arbiter = يُكتب سجل المباراة من جديد؛ الساعتان متوقفتان، و!weiter يشغلهما.
# $text: what could not be said; $why: why. The braille line is transcribed in English.
speech-failed-braille = Speech off: { $text }
speech-failed-move = تعطل الإخراج الصوتي: أوقفت الساعتان، استدع الحكم من فضلك.
speech-failed-arbiter = تعطل الإخراج الصوتي للاعب ({ $why })؛ لم يسمع: «{ $text }».
speech-failed-read-back-arbiter = تعطل الإخراج الصوتي للاعب ({ $why })؛ لم يسمع إعادة النقلة «{ $text }»: لا تُنفذ النقلة إلا بـ«{ $yes }».
speech-failed-opponent-arbiter = تعذر نطق الإعلان للمنافس ({ $why }): «{ $text }».
speech-back = عاد الإخراج الصوتي يعمل: { $backend }.
microphone-lost = تعطل الميكروفون. تابع بلوحة المفاتيح من فضلك؛ يواصل Rochade محاولة الميكروفون.
microphone-lost-read-back = تعطل الميكروفون. لا تُنفذ النقلة المعادة إلا بـ«{ $yes }» على لوحة المفاتيح؛ يواصل Rochade محاولة الميكروفون.
microphone-lost-braille = Microphone off: use the keyboard
microphone-back = عاد الميكروفون يعمل.

## The scoresheet (print, braille, PGN comments)

sheet-title = ورقة التسجيل
sheet-white = الأبيض
sheet-black = الأسود
sheet-event = البطولة
sheet-site = المكان
sheet-date = التاريخ
sheet-round = الجولة
sheet-time-control = نظام الوقت
sheet-rules = القوانين
sheet-start-position = وضع البداية
sheet-result = النتيجة
sheet-in-progress = المباراة جارية
sheet-adjourned = مؤجلة
sheet-white-signature = توقيع الأبيض
sheet-black-signature = توقيع الأسود
# A sealed move in its place on the sheet.
sheet-sealed = مختومة
sheet-sealed-move = النقلة المختومة
# The players in the heading.
sheet-versus = { $white } ضد { $black }
sheet-claim = طلب من { $side }: { $kind }، { $outcome }
sheet-claim-with-move = طلب من { $side }: { $kind }، { $outcome }؛ النقلة المقصودة { $move }
claim-threefold-repetition = تكرار الوضع ثلاث مرات
claim-fifty-moves = قاعدة الخمسين نقلة
claim-time = الوقت
claim-quickplay-finish = النهاية السريعة
claim-illegal-move = نقلة غير قانونية
claim-pending = قيد النظر
claim-upheld-outcome = مقبول
claim-rejected = مرفوض

## Speech output notices

speech-output = الإخراج الصوتي: { $backend }.
speech-switch = فشل الإخراج الصوتي { $from }، والمتابعة بـ{ $to }.
speech-dispatcher-unused = لا يُستعمل speech-dispatcher: { $why }
speech-stopped = توقف الإخراج الصوتي ({ $why })؛ الإعلانات تُطبع فقط.

## Names and the game read aloud (`rochade scoresheet --format speech`)

# The players' names on the sheet when none are given.
name-player = اللاعب
name-opponent = المنافس
reading-versus = { $white } ضد { $black }.
reading-move = النقلة { $number }:
reading-side-move = { $side } { $words }.
reading-result-white-wins = النتيجة: واحد صفر.
reading-result-black-wins = النتيجة: صفر واحد.
reading-result-draw = النتيجة: تعادل.

## The arbiter's typed entries (`!…`), when one cannot be read; the entries themselves are
## typed as they are.

entry-help = إدخالات الحكم: !pause, !weiter, !zeit weiss 120, !zeit schwarz -60, !uhren 3600 3540, !zuege weiss 40, !strafe schwarz, !falsche-reklamation weiss, !inkrement 5, !aufstellung, !zurueck 20, !abbruch, !fortsetzung, !ergebnis 1-0 السبب
entry-time-side = !zeit يحتاج إلى لون: weiss أو schwarz
entry-time-seconds = !zeit يحتاج إلى ثوان، مثلا 120 أو -60
entry-clocks-white = !uhren يحتاج إلى ثواني الأبيض
entry-clocks-black = !uhren يحتاج إلى ثواني الأسود
entry-moves-side = !zuege يحتاج إلى لون: weiss أو schwarz
entry-moves-number = !zuege يحتاج إلى عدد النقلات
entry-penalty-side = !strafe يحتاج إلى اللون الذي لعب النقلة غير القانونية
entry-reset-ply = !zurueck يحتاج إلى عدد أنصاف النقلات التي تبقى
entry-unknown-result = نتيجة غير معروفة { $result }: 1-0 أو 0-1 أو 1/2-1/2
entry-unknown = إدخال حكم غير معروف { $entry }؛ { $help }

## Why a move is not possible (training mode; the `interpret` JSON's reason)

# The pieces by their usual names, for these reasons ($role as in piece-accusative).
piece-name = { $role ->
    [king] الملك
    [queen] الوزير
    [rook] الرخ
    [bishop] الفيل
    [knight] الحصان
   *[pawn] البيدق
}
# The selectors with a single default keep the placeholders of the other catalogs.
illegal-game-over = انتهت المباراة
illegal-cannot-reach = لا { $role ->
   *[other] { $piece }
} يستطيع الوصول إلى { $to }
illegal-cannot-reach-from = { $role ->
   *[other] { $piece }
} في { $from } لا يستطيع الوصول إلى { $to }
illegal-no-such-piece = ليس لديك { $role ->
   *[other] { $piece }
}
illegal-no-piece-on = لا توجد قطعة في { $square }
illegal-opponent-piece-on = { $role ->
   *[other] { $piece }
} في { $square } للمنافس
illegal-other-piece-on = في { $square } { $there ->
   *[other] { $there_piece }
}، لا { $named ->
   *[other] { $named_piece }
}
illegal-pawn-blocked = البيدق في { $from } محجوز ولا يستطيع الذهاب إلى { $to }
illegal-pinned = { $role ->
   *[other] { $piece }
} في { $from } مثبت: ملكك سيكون في حالة كش
illegal-king-in-check = ملكك في حالة كش وهذه النقلة لا ترد عليه
illegal-king-would-be-in-check = الملك سيكون في حالة كش في { $to }
illegal-not-a-promotion = النقلة إلى { $to } ليست ترقية
illegal-bad-promotion-piece = لا يمكن ترقية البيدق إلى { $role ->
   *[other] { $piece }
}
# $side: short, long or none.
illegal-castling-no-right = { $side ->
    [short] التبييت القصير
    [long] التبييت الطويل
   *[none] التبييت
} لم يعد مسموحا: الملك أو الرخ تحرك
illegal-castling-in-check = لا تبييت والملك في حالة كش
illegal-castling-blocked = { $side ->
    [short] التبييت القصير
    [long] التبييت الطويل
   *[none] التبييت
} محجوز: توجد قطعة بينهما
illegal-castling-through-check = { $side ->
    [short] التبييت القصير
    [long] التبييت الطويل
   *[none] التبييت
} غير ممكن: الملك سيعبر مربعا مهددا أو يقف عليه

## The clock and the position refusing an arbiter's entry

clock-error-stopped = أوقفت الساعة: انتهت المباراة
clock-error-paused = الساعة متوقفة مؤقتا: شغلها أولا
clock-error-not-started = لم تُشغل الساعة بعد
clock-error-not-paused = الساعة ليست متوقفة مؤقتا
clock-error-already-running = الساعة تعمل فعلا (الدور على { $running })
clock-error-other-side-running = ساعة { $running } تعمل، فلا يستطيع { $side } إتمام نقلة
# $speed: standard, rapid or blitz.
clock-error-no-time-penalty = قوانين { $rules } لا تنص على عقوبة وقت للنقلة غير القانونية في { $speed ->
    [rapid] الشطرنج السريع
    [blitz] الشطرنج الخاطف
   *[standard] الشطرنج الكلاسيكي
}: يطلب المنافس المباراة بدلا من ذلك
clock-error-untimed = المباراة بلا وقت: لا يوجد وقت يُضبط
reset-error-no-such-ply = لا يوجد وضع بعد { $ply } نصف نقلة: لُعب { $available }

## Reconciling two scoresheets (`rochade reconcile`), for the arbiter

reconcile-last-move = نقلة { $side } رقم { $number } ({ $plies } نصف نقلة)
reconcile-no-move = لا نقلة
reconcile-agree = ورقتا التسجيل متطابقتان نقلة بنقلة حتى { $last }.
reconcile-differ = ورقتا التسجيل تختلفان عند نقلة { $side } رقم { $number }: الورقة أ { $a }، الورقة ب { $b }.
reconcile-has = فيها { $text }
reconcile-has-as = فيها { $text } ({ $san })
reconcile-has-none = ليس فيها نقلة
reconcile-sheet-a = الورقة أ: { $problem }.
reconcile-sheet-b = الورقة ب: { $problem }.
reconcile-agree-up-to = تتطابقان حتى { $last }.
reconcile-agree-on-none = لا تتطابقان في أي نقلة: ارجع إلى وضع البداية.
reconcile-position = الوضع هناك: { $fen }
reconcile-clocks = الساعتان بعد تلك النقلة: الأبيض { $white }، الأسود { $black }.
reconcile-clock-unknown = غير معروف
reconcile-journal-differs = تحذير: السجل لا يحوي النقلات نفسها حتى هناك؛ تحقق من قراءات الساعة.
# A written report gives times in digits.
reconcile-hours = { $count ->
    [one] { $count } ساعة
    [two] { $count } ساعة
    [few] { $count } ساعات
   *[other] { $count } ساعة
}
reconcile-minutes = { $count ->
    [one] { $count } دقيقة
    [two] { $count } دقيقة
    [few] { $count } دقائق
   *[other] { $count } دقيقة
}
reconcile-seconds = { $count ->
    [one] { $count } ثانية
    [two] { $count } ثانية
    [few] { $count } ثوان
   *[other] { $count } ثانية
}
and = و

## Resuming a game from its journal

resumed-before-first-move = قبل النقلة الأولى
resumed-after-move = بعد النقلة { $count }
resumed-after-white-move = بعد نقلة الأبيض رقم { $count }
resumed-player-clock-runs = الدور عليك، وساعتك تعمل
resumed-opponent-clock-runs = الدور على المنافس، وساعته تعمل
resumed-player-clocks-stopped = الدور عليك، والساعتان متوقفتان
resumed-opponent-clocks-stopped = الدور على المنافس، والساعتان متوقفتان
resumed-player-to-move = الدور عليك
resumed-opponent-to-move = الدور على المنافس
# $after: "after move 23"; $turn: "it is your move, your clock is running".
resumed-where = استؤنفت المباراة { $after }، { $turn }.
# $result: the sentence of the result.
resumed-game-over = أعيد فتح المباراة { $after }. { $result }
announce-again = مرة أخرى: { $words }
journal-torn-line = السطر الأخير من السجل، السطر { $line }، كان ناقصا: توقف البرنامج أثناء كتابته. حُذف وحُفظ جانبا.
journal-broken-line = السطر { $line } من السجل لا يمكن قراءته.
journal-changed-line = السطر { $line } من السجل تغير: رمز التحقق لا يطابق.
journal-unsealed-line = السطر { $line } من السجل بلا رمز تحقق.
journal-missing-lines = { $count ->
    [one] ينقص سطر قبل السطر { $line } من السجل.
   *[other] تنقص أسطر ({ $count }) قبل السطر { $line } من السجل.
}
journal-line-out-of-place = السطر { $line } من السجل ليس في مكانه.
journal-line-out-of-time = السطر { $line } من السجل وقته أبكر من السطر الذي قبله.
journal-resume-question = يمكن استئناف المباراة من السطر { $line } من السجل، { $after }. ما بعده يبقى في السجل لكنه لا يُستعمل. هل نستأنف؟
journal-not-resumed = لم تُستأنف. السجل لم يتغير.
journal-resumed-after-damage = استؤنفت من السطر { $line }؛ الأسطر التالفة تبقى في السجل جانبا.

## Input that was not read

typed-line-too-long = السطر أطول من { $count } حرف ولم يُقرأ. اكتبه أقصر من فضلك.
typed-line-not-text = السطر ليس نصا مقروءا ولم يُقرأ.

## Time counted on no clock (for the arbiter)

# $duration: the time in words; $count: the same in seconds.
duration-with-seconds = { $duration } ({ $count ->
   *[other] { $count } ثانية
})
uncounted-time-rules = لم يُحسب على أي من الساعتين. قرر من فضلك؛ لحسابه: !zeit weiss -SECONDS أو !zeit schwarz -SECONDS.
# $duration: "one hour (3600 seconds)"; $rules: the sentence on how to count it.
wall-clock-went-back = رجعت ساعة الحاسوب { $duration } منذ آخر سطر في السجل؛ مدة الانقطاع غير معروفة. { $rules }
downtime-too-long = حسب ساعة الحاسوب توقف البرنامج { $duration }، وهذا أطول من أن يُحسب دونك. { $rules }
computer-was-suspended = عُلّق الحاسوب { $duration }؛ في أثنائه لم يستطع Rochade أن يسمع أو يعلن شيئا. { $rules }

## The time control, read back at the start

control-moves-in = { $count ->
    [one] نقلة واحدة في { $time }
    [two] نقلتان في { $time }
    [few] { $number } نقلات في { $time }
   *[other] { $number } نقلة في { $time }
}
control-then = ثم { $period }
control-with-bonus = { $period }، { $bonus }
control-increment = زائد { $time } لكل نقلة
control-increment-all = زائد { $time } لكل نقلة من النقلة الأولى
control-delay = مع تأخير { $time } لكل نقلة
control-bronstein = مع تأخير برونشتاين { $time } لكل نقلة
control-read-back = التحكم في الوقت: { $control }.
control-looks-like-minutes = تنبيه: التحكم في الوقت { $input } يعني { $seconds } ثانية، لا دقائق. لـ { $seconds } دقيقة أدخل { $minutes }.

## The start on the arbiter's signal

clock-waits-for-signal = تبدأ الساعة بإشارة الحكم.
game-begins = بدأت المباراة، الساعة تعمل.
before-signal = لم تبدأ المباراة بعد: تبدأ الساعة بإشارة الحكم.

## Last move and scoresheet

last-move-own = نقلتك الأخيرة: { $words }.
no-move-yet = لم تُلعب أي نقلة بعد.
scoresheet-move = النقلة { $number }: { $white }، { $black }.
scoresheet-move-white = النقلة { $number }: { $white }.
scoresheet-move-black = النقلة { $number }: الأسود { $black }.
scoresheet-empty = استمارة المباراة فارغة بعد.
scoresheet-not-yet = النقلة { $number } لم تُلعب بعد.

## شطرنج 960 (إرشادات الفيدي الثانية)

chess960-start = شطرنج 960، وضعية البداية رقم { $number }: { $pieces }.
chess960-number-out-of-range = { $number } ليست وضعية بداية في شطرنج 960: الوضعيات مرقمة من 0 إلى 959.
chess960-not-numbered = الوضعية المعطاة ليست وضعية البداية رقم { $number } في شطرنج 960.
error-not-started = لم تبدأ المباراة بعد: يجب أن يكون الحدث الأول "start".
chess960-unreadable = لا يمكن قراءة وضعية البداية في شطرنج 960: ليست بصيغة FEN.
chess960-pawns = ليست وضعية بداية في شطرنج 960: بيادق الأبيض الثمانية على الصف الثاني وبيادق الأسود على الصف السابع، ولا قطعة أخرى خارج الصفين الأول والثامن.
chess960-pieces = ليست وضعية بداية في شطرنج 960: على الصف الأول للأبيض ملك واحد ووزير واحد ورخان وفيلان وحصانان.
chess960-king-not-between-rooks = ليست وضعية بداية في شطرنج 960: يجب أن يقف الملك بين الرخين.
chess960-bishops-one-colour = ليست وضعية بداية في شطرنج 960: يجب أن يقف الفيلان على مربعين مختلفي اللون.
chess960-black-not-mirrored = ليست وضعية بداية في شطرنج 960: يجب أن تقابل قطع الأسود قطع الأبيض كصورة في المرآة.
chess960-not-at-start = ليست وضعية بداية في شطرنج 960: تبدأ المباراة والدور للأبيض مع كل حقوق التبييت.

## الصفحة للمنافس المبصر (--web)

# تطبع وتقال للاعب عند البدء: عنوان الصفحة، والرقم السري الذي يحتاجه المنافس لإدخالاته ($pin أرقام بينها مسافات).
web-started = صفحة المنافس: { $url }
web-started-pin = صفحة المنافس: { $url }، الرقم السري { $pin }.
# ما تنتظره المباراة؛ $side هو white أو black.
web-state-idle = لا تجري أي مباراة.
web-state-paused = الساعتان متوقفتان.
web-state-confirm = { $side ->
    [white] الأبيض
   *[black] الأسود
} يؤكد نقلته.
web-state-answers = { $side ->
    [white] الأبيض
   *[black] الأسود
} يجيب عن سؤال.
web-state-signal = في انتظار إشارة البدء من الحكم.
web-state-draw-offer = { $side ->
    [white] الأبيض
   *[black] الأسود
} يعرض التعادل.
web-state-to-move = الدور على { $side ->
    [white] الأبيض
   *[black] الأسود
}.
# لماذا لا يقبل طلب من الصفحة.
web-state-busy = اتصالات كثيرة جدا: حاول مرة أخرى بعد قليل من فضلك.
web-state-host = هذا العنوان غير مسموح به للصفحة.
web-state-too-many = إدخالات كثيرة جدا: انتظر قليلا من فضلك.
web-state-not-found = لا يوجد شيء كهذا هنا.
web-state-bad-request = لا يمكن قراءة الإدخال.
web-state-too-large = الإدخال طويل جدا.
web-state-arbiter-locked = لوحة الحكم مقفلة: لم يحدد رقم سري للحكم.
web-state-pin-locked = أرقام سرية خاطئة كثيرة جدا: انتظر دقيقة من فضلك.
web-state-pin-wrong = الرقم السري مفقود أو خاطئ.
web-state-no-game = Rochade لا يجيب: لا تجري أي مباراة.
# تسميات الصفحة؛ تضع الصفحة $square (مربع مثل e7) و$piece و$san (نقلة) و$side (الأبيض أو الأسود) و$result.
web-title = Rochade: الرقعة للمنافس
web-board-from-white = الرقعة من جهة الأبيض
web-board-from-black = الرقعة من جهة الأسود
web-square = { $square }، { $piece }
web-square-empty = { $square }، فارغ
web-square-last = { $square }، { $piece }، آخر نقلة
web-piece-white-king = الملك الأبيض
web-piece-white-queen = الوزير الأبيض
web-piece-white-rook = الرخ الأبيض
web-piece-white-bishop = الفيل الأبيض
web-piece-white-knight = الحصان الأبيض
web-piece-white-pawn = البيدق الأبيض
web-piece-black-king = الملك الأسود
web-piece-black-queen = الوزير الأسود
web-piece-black-rook = الرخ الأسود
web-piece-black-bishop = الفيل الأسود
web-piece-black-knight = الحصان الأسود
web-piece-black-pawn = البيدق الأسود
web-selected = تم اختيار { $square }. انقر على المربع الذي تنتقل إليه.
web-promote-question = إلى أي قطعة يرقى البيدق؟
web-promote-queen = الوزير
web-promote-rook = الرخ
web-promote-bishop = الفيل
web-promote-knight = الحصان
web-cancel = إلغاء
web-clocks = الساعتان
web-clock-running = تعمل
web-moves = النقلات
web-move-announce = { $side }: { $san }
web-result = النتيجة: { $result }
web-question = سؤال لك
web-announcements = إعلانات لك
web-actions = بلاغاتك
web-touched = لمست قطعة
web-touched-hint = انقر على مربع القطعة التي لمستها.
web-draw-offer = اعرض التعادل
web-draw-accept = اقبل التعادل
web-draw-decline = ارفض التعادل
web-resign = استسلم
web-resign-confirm = هل تستسلم حقا؟
web-pin = الرقم السري لإدخالاتك (يخبرك به اللاعب)
web-sheet = ورقة التسجيل
web-print = طباعة
web-download-pgn = تنزيل PGN
web-download-brf = تنزيل BRF (برايل)
web-arbiter = الحكم
web-arbiter-pin = الرقم السري للحكم
web-arbiter-pause = أوقف الساعتين
web-arbiter-resume = شغل الساعتين من جديد
web-arbiter-start = أعط إشارة البدء
web-arbiter-side = الجهة
web-arbiter-seconds = ثوان (علامة الناقص تنقص الوقت)
web-arbiter-time = غير الوقت
web-arbiter-penalty = عقوبة نقلة غير قانونية لهذه الجهة
web-arbiter-ply = أنصاف النقلات
web-arbiter-reset = أعد الوضع بعد أنصاف النقلات هذه
web-arbiter-adjourn = أجل المباراة
web-arbiter-continue = استأنف المباراة المؤجلة
web-arbiter-result = سجل النتيجة
web-arbiter-reason = السبب
web-done = تم.
web-offline = لا اتصال بـRochade. جار المحاولة من جديد.

## الخدمة (rochade service) والتحكم بها (rochade ctl) وinstall-service

no-push-to-talk = لا يوجد زر التحدث: البرنامج يستمع بدونه أو لا إدخال صوتي لديه.
service-ready = البرنامج جاهز. لمباراة جديدة قل: { $new_game }.
service-ready-learn = البرنامج جاهز. لمباراة جديدة قل: { $new_game }. ليفهم البرنامج صوتك أفضل، قل أولاً: { $learn_voice }؛ يستغرق ذلك نحو ست دقائق.
service-help = بين المباريات يمكنك أن تقول: { $commands }.
service-settings = مباراة جديدة: تلعب بـ{ $side }. { $control }
service-resuming = أعيد تشغيل البرنامج. تستأنف مباراتك.
service-nothing-to-resume = لا توجد مباراة متوقفة لاستئنافها.
service-last-game-over = المباراة الأخيرة انتهت؛ لن تستأنف.
service-no-game = لا توجد مباراة جارية. لمباراة جديدة قل: { $new_game }.
service-game-running = توجد مباراة جارية. أوقفها أولا بالأمر rochade ctl stop.
service-game-not-started = لا يمكن بدء المباراة: { $why }
service-game-stopped = توقفت المباراة وهي محفوظة في سجلها.
service-game-failed = انتهت المباراة بخطأ: { $why }
service-stopping = البرنامج يتوقف.
service-journal-unreadable = لا يمكن قراءة السجل { $path }: { $why }
service-bad-request = ليس طلبا من rochade ctl: { $why }
service-started = خدمة البرنامج تعمل. التحكم عبر { $path }.
service-no-microphone = لا يوجد ميكروفون ({ $why }). محاولة جديدة بعد { $seconds } ثانية.
service-microphone-ready = الميكروفون جاهز: البرنامج يستمع.
service-already-running = خدمة البرنامج تعمل بالفعل وتجيب عبر { $path }.
service-cannot-listen = لا يمكن إعداد التحكم عبر { $path }: { $why }
service-learning-no-voice = الخدمة لا تسمع أي ميكروفون، لذلك لا تستطيع أن تتعلّم صوتك.
service-learning-failed = لا يمكن بدء تعلّم صوتك: { $why }
service-learning-running = يتعلّم Rochade صوتك الآن. قل { $stop } أولًا.
ctl-no-service = لا توجد خدمة تجيب عبر { $path } ({ $why }). شغلها بالأمر rochade service أو systemctl --user start rochade.
ctl-failed = فشل الطلب إلى خدمة البرنامج: { $why }
status-idle = لا توجد مباراة.
status-playing = المباراة جارية.
status-paused = الساعتان متوقفتان.
status-over = انتهت المباراة.
status-moves = النقلات: { $moves }. الدور على: { $side }.
status-no-moves = لم تلعب أي نقلة بعد. الدور على: { $side }.
status-question = سؤال للخصم: { $question }
status-result = النتيجة: { $result }
install-service-written = كتب ملف الخدمة: { $path }
install-service-enabled = فعلت للجلسة الرسومية: { $path }
install-service-enabled-systemctl = فعلت بالأمر systemctl --user enable rochade.service.
install-service-start = تبدأ الخدمة عند الدخول القادم، أو الآن بالأمر: systemctl --user start rochade

## Settings (rochade config)

config-file = الإعدادات من { $path }.
config-file-none = لا يوجد ملف إعدادات { $path }: تُستعمل القيم المدمجة وسطر الأوامر.
config-setting = { $name } = { $value } ({ $source })
config-from-default = مدمج
config-from-file = من الملف، السطر { $line }
config-from-command-line = من سطر الأوامر
config-unset = غير محدد

## Speech settings by voice

speech-louder = أعلى.
speech-softer = أخفض.
speech-faster = أسرع.
speech-slower = أبطأ.
speech-loudest = هذا أعلى صوت.
speech-softest = هذا أخفض صوت.
speech-fastest = هذه أسرع سرعة.
speech-slowest = هذه أبطأ سرعة.

## A game running on the laptop: no sleep, the battery

inhibit-why = مباراة شطرنج جارية
battery-low = البطارية عند { $percent } بالمئة. يرجى توصيل الشاحن قريبًا.
battery-very-low = البطارية عند { $percent } بالمئة فقط. يرجى توصيل الشاحن الآن، وإلا سينطفئ الحاسوب.

## The check before the first move

check-start = فحص قصير قبل المباراة. إذا سمعت هذه الجملة فسماعات الرأس تعمل.
check-room-silent = الميكروفون لا يعطي صوتًا: هل هو مكتوم أو غير موصول؟
check-room-quiet = الميكروفون يسمع غرفة هادئة.
check-room-noisy = الغرفة صاخبة: قد لا تُفهم النقلات بثقة. ميكروفون قريب من الفم يساعد.
check-say = من فضلك قل الآن: { $phrase }.
check-heard = سُمع: { $heard }.
check-heard-nothing = لم يُفهم شيء. يرجى فحص الميكروفون؛ لوحة المفاتيح تعمل دائمًا.
check-voice-quiet = صوتك يصل خافتًا: يرجى تقريب الميكروفون من فمك.
check-done = انتهى الفحص.

## تعلّم صوت اللاعب (rochade models read): يقرأ اللاعب أسطرًا بصوت عالٍ ويتعلّم منها pocketsphinx

learning-start = سيتعلّم Rochade صوتك الآن. سأقول { $count ->
    [one] سطرًا واحدًا
   *[other] { $number } أسطر
}؛ قل كل سطر بعدي.
learning-help = قل { $repeat } لتسمع السطر مرة أخرى، و{ $skip } لتتركه، و{ $stop } لتتوقف؛ ثم يُتعلَّم ما قرأته.
learning-line = السطر { $number }: { $words }
learning-again = لم يُفهم. مرة أخرى من فضلك: { $words }
learning-left-out = أترك هذا السطر.
learning-kept = { $count ->
    [one] سُجّل سطر واحد.
   *[other] سُجّلت { $number } أسطر.
}
learning-cannot-keep = لا يمكن حفظ التسجيل: { $why }. تنتهي القراءة هنا.
learning-folder = التسجيلات في { $folder }.
learning-adapting = أتعلّم صوتك الآن. يستغرق ذلك نحو دقيقة.
learning-adapted = انتهى. من المباراة القادمة يسمعك Rochade بصوتك.
learning-nothing-kept = لم يُسجَّل أي سطر؛ لا يُتعلَّم شيء.
learning-not-adapted = تعذّر تعلّم صوتك: { $why }. تبقى التسجيلات محفوظة.
learning-no-microphone = بدون ميكروفون لا يستطيع Rochade أن يتعلّم صوتك: { $why }
