# Rochades Sätze auf Deutsch: alles, was dem Spieler, dem Gegner und dem Schiedsrichter gesagt
# oder gedruckt wird, und die Überschriften des Partieformulars. Fluent-Syntax
# (https://projectfluent.org).
#
# Jeder Katalog in grammars/ hat dieselben Nachrichten mit denselben Platzhaltern (ein Test
# prüft das). Rochade füllt die Platzhalter: Wörter aus dem Vokabular (grammars/de.toml),
# Zahlen schon in Worten ($number) neben ihrem Wert ($count, für die Pluralwahl) und andere
# Sätze aus diesem Katalog. Beginnt ein Satz mit einem Platzhalter, schreibt Rochade den ersten
# Buchstaben groß. Leerzeichen am Anfang und Ende eines Werts lässt Fluent weg.

## Listen und Fragen

or = oder
read-back-inexact = Meinten Sie { $words }? Ja oder nein.
command-question = Meinten Sie { $command }? Ja oder nein.
which-promotion = { $square }: welche Figur? { $pieces }?
which-piece = Welche Figur nach { $square }? { $pieces }?

## Die Züge des Spielers

made = Ausgeführt.
withdrawn = Zurückgenommen. Ihr Zug?
nothing-to-withdraw = Es gibt nichts zurückzunehmen.
too-late-to-withdraw = Der Zug ist schon ausgeführt und die Uhr des Gegners läuft: keine Korrektur mehr.
not-possible = { $heard }: nicht möglich.
not-possible-because = { $heard }: nicht möglich. { $reason }
not-understood = Nicht verstanden.
not-understood-heard = Nicht verstanden: { $heard }.
answer-not-fitting = { $heard }: passt nicht. { $question }
heard-but = { $heard }: { $sentence }
not-your-turn = Der Gegner ist am Zug.
opponent-not-to-move = Der Spieler ist am Zug, nicht der Gegner.

## Der Gegner

opponent-moved = Gegner: { $words }.
opponent-illegal = Der Gegner gab einen unmöglichen Zug an: { $text }. Uhr anhalten und Schiedsrichter rufen? Ja oder nein.
opponent-illegal-for-opponent = Dieser Zug ist nicht möglich: { $text }. Bitte einen anderen Zug.
opponent-which = Welcher Zug: { $options }? Bitte den Zug eindeutig eingeben.

## Der Schiedsrichter

arbiter-called = Die Uhren sind angehalten. Bitte den Schiedsrichter rufen.
arbiter-summoned = Schiedsrichter bitte: { $why }
player-calls-arbiter = { $side } bittet den Schiedsrichter an das Brett.
impossible-entry-for-arbiter = { $side } gab einen unmöglichen Zug an: { $entered }.
cancelled = Abgebrochen.
no-clock = Es ist keine Bedenkzeit eingestellt.
nothing-said-yet = Es wurde noch nichts angesagt.
nothing-to-confirm = Es gibt nichts zu bestätigen.

## Remis

draw-offered-to-opponent = Remis wird angeboten.
draw-offer-sent = Ihr Remisangebot ist dem Gegner angesagt.
draw-offer-with-move = Remis wird mit dem Zug angeboten.
draw-offer-before-move = Ihr Remisangebot ist angesagt. Nach den Regeln bietet man Remis nach dem eigenen Zug an.
opponent-offers-draw = Der Gegner bietet Remis an. Sagen Sie Remis zum Annehmen oder Nein zum Ablehnen, oder ziehen Sie.
draw-agreement-from-move = In diesem Turnier ist ein Remis nach Vereinbarung erst ab Zug { $move } erlaubt. Es wurde nichts übermittelt.
draw-agreement-forbidden = In diesem Turnier ist kein Remis nach Vereinbarung erlaubt. Es wurde nichts übermittelt.
draw-declined = Remis abgelehnt.
draw-offer-lapsed = Das Remisangebot ist mit dem Zug erloschen.
draw-offer-declined-by-touch = Der Gegner hat eine Figur berührt: Ihr Remisangebot ist abgelehnt (Artikel { $article }).
draw-agreed = Remis vereinbart.
draw-accept-question = Remisangebot annehmen? Ja oder nein.
draw-claim-question = Remis reklamieren? Ja oder nein.
quickplay-claim-for-arbiter = { $side } reklamiert Remis nach Artikel { $article } mit weniger als zwei Minuten Bedenkzeit: der Gegner kann mit normalen Mitteln nicht gewinnen oder versucht es nicht. Die Uhren sind angehalten.
quickplay-claimed = Remis nach Artikel { $article } reklamiert. Die Uhren sind angehalten; der Schiedsrichter entscheidet.
draw-quickplay-question = Remis nach Artikel { $article } reklamieren, weil der Gegner mit normalen Mitteln nicht gewinnen kann oder es nicht versucht? Ja oder nein.
draw-offer-question = Remis anbieten? Ja oder nein.
draw-not-confirmed = Kein Remis.
claim-upheld = Remis reklamiert, die Uhr ist angehalten: { $why }. Die Reklamation ist berechtigt.
claim-for-arbiter = Remisreklamation von { $side } nach Artikel { $article }: { $why }. Die Uhr ist angehalten.
claim-for-arbiter-with-move = Remisreklamation von { $side } nach Artikel { $article }: { $why }, mit dem beabsichtigten Zug { $move }. Die Uhr ist angehalten.

## Seiten und Partieende

side-white = Weiß
side-black = Schwarz
resign-question = Wollen Sie wirklich aufgeben? Ja oder nein.
illegal-moves-end = Regelwidrige Züge von { $side } (Artikel { $article })
illegal-moves-end-drawn = Regelwidrige Züge von { $side }, aber { $other } kann nicht mehr mattsetzen (Artikel { $article })
resigns = { $side } gibt auf
time-up = Zeitüberschreitung von { $side }
time-up-cannot-mate = Zeitüberschreitung von { $side }, aber { $other } kann nicht mehr mattsetzen
resignation = Aufgabe
opponent-resigned = Der Gegner gibt auf
game-over = Die Partie ist beendet: { $result }.
not-started = Die Partie hat noch nicht begonnen.
result-white-wins = eins zu null für Weiß
result-black-wins = null zu eins für Schwarz
result-draw = remis
end-checkmate = Schachmatt
end-stalemate = Patt
end-dead-position = tote Stellung, kein Matt mehr möglich
end-fivefold-repetition = fünfmalige Stellungswiederholung
end-seventy-five-moves = 75 Züge ohne Bauernzug und ohne Schlagen
end-threefold-repetition = dreimalige Stellungswiederholung
end-fifty-moves = 50 Züge ohne Bauernzug und ohne Schlagen
# Das Partieende für den Spieler: der Grund, dann das Ergebnis.
game-ended = { $reason }. { $outcome }
game-ended-for-opponent = { $reason }: { $result }.
outcome-draw = Remis.
outcome-won = Sie haben gewonnen.
outcome-lost = Sie haben verloren.
time-claim-cannot-mate = Zeitüberschreitung des Gegners, aber Sie können nicht mehr mattsetzen
time-claim-won = Zeitüberschreitung des Gegners, reklamiert
own-time-lost = Zeitüberschreitung, vom Gegner reklamiert
own-time-draw = Zeitüberschreitung, aber der Gegner kann nicht mehr mattsetzen
no-flag-to-claim = Die Zeit des Spielers ist nicht abgelaufen: keine Reklamation möglich.
both-flags-draw = Beide Fahnen sind gefallen (Artikel { $article })
own-flag-down-no-claim = Ihre eigene Zeit ist auch abgelaufen: keine Reklamation möglich (Artikel { $article }).
time-claim-own-flag-down = Die eigene Zeit des Reklamierenden ist auch abgelaufen: die Reklamation ist ungültig (Artikel { $article }).

## Berührte Figuren (D.2.9.e)

# $role: king, queen, rook, bishop, knight oder pawn; $name: das Wort des Vokabulars dafür.
piece-accusative = { $role ->
    [queen] die { $name }
    [pawn] { $name ->
        [Bauer] den Bauern
       *[other] den { $name }
    }
   *[other] den { $name }
}
touch-report-for-arbiter = Meldung an den Schiedsrichter (Artikel D.2.9.e): { $side } hat die Figur auf { $what } berührt.
touch-report-for-player = Der Gegner hat { $piece } auf { $square } berührt. Der Schiedsrichter ist informiert.
touch-square-for-player = Der Gegner hat das Feld { $square } berührt. Der Schiedsrichter ist informiert.
touch-claim = Berührung der Figur auf { $square } gemeldet (D.2.9.e)
bad-square = { $text } ist kein Feld.

## Hängepartie

adjourn-player-seals = Die Partie wird unterbrochen. Ihr nächster Zug wird abgegeben: Sagen Sie ihn, er wird nur notiert und nicht angesagt.
adjourn-opponent-seals = Die Partie wird unterbrochen. Der Gegner gibt seinen Zug ab.
sealed-for-player = Abgegebener Zug notiert: { $words }. Die Uhren sind angehalten.
sealed-for-others = Der Zug ist abgegeben; die Uhren sind angehalten.
resumed-with = Fortsetzung. Der abgegebene Zug: { $words }.
adjourned = Die Partie ist unterbrochen. Der abgegebene Zug wird bei der Fortsetzung ausgeführt.
nothing-sealed = Es gibt keinen abgegebenen Zug.

## Eingaben des Schiedsrichters

clocks-paused = Die Uhren sind angehalten.
clocks-resumed = Die Uhr läuft wieder.
time-changed = Der Schiedsrichter hat die Zeit geändert. { $report }
entry-set-up-what = !aufstellung allein, oder !aufstellung koenig weiss, oder !aufstellung turm h1
set-up-no-castling-rook = Mit dem Turm von { $square } darf nicht mehr rochiert werden, weil er falsch aufgestellt war.
set-up-no-castling-king = { $side } darf nicht mehr rochieren, weil der König falsch aufgestellt war.
set-up-too-late = Nach { $moves } Zügen jedes Spielers kann die Aufstellung nicht mehr beanstandet werden (Artikel { $article }). Die Partie geht weiter.
set-up-in-time = Beanstandung der Aufstellung oder der Uhr vor dem { $moves }. Zug jedes Spielers, also rechtzeitig (Artikel { $article }). Der Schiedsrichter entscheidet, ob neu aufgestellt oder die Uhr neu gestellt wird.
set-up-standard = Beanstandung der Ausgangsstellung: war sie falsch, wird die Partie annulliert und neu gespielt (Artikel { $article }). Der Schiedsrichter entscheidet.
default-time-passed = Die Wartezeit ist abgelaufen: { $time } seit dem Start der Uhr, und { $side } hat noch keinen Zug gemacht. Wer nach der Wartezeit am Brett erscheint, verliert die Partie, wenn der Schiedsrichter nicht anders entscheidet (Artikel { $article }).
entry-claim-side = !falsche-reklamation braucht die Seite, die reklamiert hat
incorrect-claim-cut = Der Schiedsrichter hat die Reklamation von { $claimant } abgelehnt (Artikel { $article }): { $opponent } erhält { $bonus } dazu, und die Bedenkzeit von { $claimant } wird gekürzt. Die Partie geht weiter.
incorrect-claim = Der Schiedsrichter hat die Reklamation von { $claimant } abgelehnt (Artikel { $article }): { $opponent } erhält { $bonus } dazu. Die Partie geht weiter.
position-reset = Der Schiedsrichter hat die Stellung zurückgesetzt, nach Zug { $moves }: { $last }.
position-reset-to-start = Der Schiedsrichter hat die Stellung auf den Anfang zurückgesetzt.
arbiter-result = Entscheidung des Schiedsrichters: { $result }. { $reason }
result-forfeit = Kampflos
not-in-tournament = Das ist im Turniermodus nicht erlaubt.
journal-failed = Achtung: das Spielprotokoll kann nicht geschrieben werden ({ $why }). Die Eingabe ist nicht ausgeführt.
error-unknown-result = unbekanntes Ergebnis { $result }: erwartet 1-0, 0-1 oder 1/2-1/2
error-game-over-no-reset = die Partie ist beendet: ihre Stellung kann nicht mehr zurückgesetzt werden

## Die Stellung (Trainingsmodus)

position = Ihre Figuren: { $own }. Gegner: { $opponent }. { $turn }
your-move = Sie sind am Zug.
# Eine Figurenart im Plural; $role wie bei piece-accusative.
pieces = { $role ->
    [king] Könige
    [queen] { $name }n
    [rook] Türme
    [pawn] { $name }n
   *[other] { $name }
}
square-empty = { $square }: leer.
square-own = { $square }: { $role ->
    [queen] Ihre
   *[other] Ihr
} { $piece }.
square-opponent = { $square }: { $piece } des Gegners.
pieces-none = keine
piece-query = Ihre { $pieces }: { $own }. { $pieces } des Gegners: { $theirs }.

## Hilfe

help-read-back = { $yes } bestätigt den Zug, { $no } oder { $correction } nimmt ihn zurück, oder sagen Sie einen anderen Zug.
help-question = Beantworten Sie die Frage, oder { $no } zum Abbrechen.
# $example: ein Springerzug in den Wörtern der Partie ("Springer Felix drei").
help-your-move = Sie sind am Zug: sagen Sie Figur und Feld, zum Beispiel { $example }.
help-commands = { $lead } Außerdem: { $commands }.
help-over = Die Partie ist beendet. Zeit, Züge und Wiederholen gehen noch.

## Die Uhr in Worten

# $count: die Zahl; $number: dieselbe in Worten; $case: plain, oder oblique nach einer
# Präposition ("in einer Minute", "mit einer Sekunde Verzögerung").
hours = { $case ->
    [oblique] { $count ->
        [one] einer Stunde
       *[other] { $number } Stunden
    }
   *[plain] { $count ->
        [one] eine Stunde
       *[other] { $number } Stunden
    }
}
minutes = { $case ->
    [oblique] { $count ->
        [one] einer Minute
       *[other] { $number } Minuten
    }
   *[plain] { $count ->
        [one] eine Minute
       *[other] { $number } Minuten
    }
}
seconds = { $case ->
    [oblique] { $count ->
        [one] einer Sekunde
       *[other] { $number } Sekunden
    }
   *[plain] { $count ->
        [one] eine Sekunde
       *[other] { $number } Sekunden
    }
}
time-report = Sie: { $own }. Gegner: { $opponent }.
moves-played = { $count ->
    [0] noch kein Zug gespielt
    [one] ein Zug gespielt
   *[other] { $number } Züge gespielt
}
moves-to-control = { $count ->
    [one] noch ein Zug bis zur Zeitkontrolle
   *[other] noch { $number } bis zur Zeitkontrolle
}
moves-report = { $played }.
moves-report-to-control = { $played }, { $rest }.
warning-own = Noch { $time }.
warning-opponent = Gegner: noch { $time }.
period-added-own = Zeitkontrolle erreicht, { $time } dazu.
period-added-opponent = Gegner: Zeitkontrolle erreicht, { $time } dazu.
flag-own = Ihre Zeit ist abgelaufen.
flag-opponent = Die Zeit des Gegners ist abgelaufen.

## Gedruckte Zeilen von `play` und `relay`

to-player = An Sie: { $text }
to-opponent = An den Gegner: { $text }
to-arbiter = An den Schiedsrichter: { $text }
error-line = Fehler: { $error }
journal-note = Hinweis zum Journal: { $note }
game-resumed = Partie fortgesetzt aus { $path } ({ $events } Ereignisse; { $seconds } Sekunden Unterbrechung, der laufenden Uhr angerechnet).
game-started = Rochade Partie: Sie spielen { $side }. Journal: { $path }. Hilfe sagt, was man sagen kann; Ende beendet das Programm.
relay-started = Rochade Übertragung: Sie spielen { $side }. Journal: { $path }. Hilfe sagt, was man sagen kann; Ende beendet das Programm.
last-said = Zuletzt gesagt: { $text }
no-voice-input = Keine Spracheingabe ({ $why }). Eingabe über die Tastatur.
ready = Rochade bereit. Sie spielen { $side }.
listening = Ich höre.
not-read = Nicht gelesen: { $why }
voice-input-stopped = Die Spracheingabe ist ausgefallen ({ $why }). Eingabe über die Tastatur.
journal-cannot-be-written = Achtung: das Journal kann nicht geschrieben werden ({ $why }). Die Eingabe ist nicht ausgeführt.
scoresheet-files = Partieformular: { $files }

## Wenn ein Weg zum Spieler ausfällt: das Spielprotokoll, die Sprachausgabe, das Mikrofon

record-failed = Das Spielprotokoll kann nicht mehr geschrieben werden: die Uhren sind angehalten, bitte den Schiedsrichter rufen.
record-failed-not-done = Nicht ausgeführt: das Spielprotokoll kann nicht geschrieben werden. Die Uhren sind angehalten, bitte den Schiedsrichter rufen.
# Für die Braillezeile: kurz, die wichtigsten Wörter zuerst.
record-failed-braille = Protokoll gestört: Schiedsrichter rufen
# $why: der Fehler; $clocks: die Uhren beim Ausfall (clocks-at-failure oder no-clocks-at-failure).
record-failed-arbiter = Das Spielprotokoll kann nicht geschrieben werden: { $why }. Die letzte Eingabe ist nicht ausgeführt; die Uhren stehen seit dem Ausfall ({ $clocks }). Rochade versucht alle paar Sekunden, wieder zu schreiben: ist Platz geschaffen, geht die Partie mit stehenden Uhren weiter, !weiter startet sie. Wird das Programm stattdessen beendet, rechnet play --resume die Zeit bis dahin der laufenden Uhr an; !uhren stellt sie dann richtig.
# $white, $black: die Zeiten beider Uhren als h:mm:ss.
clocks-at-failure = Weiß { $white }, Schwarz { $black }
no-clocks-at-failure = ohne Bedenkzeit
record-written-again = Das Spielprotokoll wird wieder geschrieben. Die Uhren stehen, bis der Schiedsrichter sie startet.
record-written-again-arbiter = Das Spielprotokoll wird wieder geschrieben; die Uhren stehen, !weiter startet sie.
# $text: was nicht gesagt werden konnte; $why: warum.
speech-failed-braille = Sprache aus: { $text }
speech-failed-move = Die Sprachausgabe ist ausgefallen: die Uhren sind angehalten, bitte den Schiedsrichter rufen.
speech-failed-arbiter = Die Sprachausgabe des Spielers ist ausgefallen ({ $why }); er hat nicht gehört: „{ $text }“.
speech-failed-read-back-arbiter = Die Sprachausgabe des Spielers ist ausgefallen ({ $why }); er hat die Rückfrage „{ $text }“ nicht gehört: der Zug wird nur mit { $yes } ausgeführt.
speech-failed-opponent-arbiter = Die Ansage an den Gegner konnte nicht gesprochen werden ({ $why }): „{ $text }“.
speech-back = Die Sprachausgabe geht wieder: { $backend }.
microphone-lost = Das Mikrofon ist ausgefallen. Bitte über die Tastatur weiter; Rochade versucht es weiter mit dem Mikrofon.
microphone-lost-read-back = Das Mikrofon ist ausgefallen. Der zurückgelesene Zug wird erst mit { $yes } über die Tastatur ausgeführt; Rochade versucht es weiter mit dem Mikrofon.
microphone-lost-braille = Mikrofon aus: Tastatur benutzen
microphone-back = Das Mikrofon geht wieder.

## Das Partieformular (Druck, Braille, PGN-Kommentare)

sheet-title = PARTIEFORMULAR
sheet-white = Weiß
sheet-black = Schwarz
sheet-event = Turnier
sheet-site = Ort
sheet-date = Datum
sheet-round = Runde
sheet-time-control = Bedenkzeit
sheet-rules = Regeln
sheet-start-position = Anfangsstellung
sheet-result = Ergebnis
sheet-in-progress = Partie läuft
sheet-adjourned = unterbrochen
sheet-white-signature = Unterschrift Weiß
sheet-black-signature = Unterschrift Schwarz
# Ein abgegebener Zug an seinem Platz; das Braille-Formular schreibt ihn groß.
sheet-sealed = abgegeben
sheet-sealed-move = abgegebener Zug
# Die Spieler im Kopf des Braille-Formulars: "Anna gegen Bert".
sheet-versus = { $white } gegen { $black }
sheet-claim = Reklamation von { $side }: { $kind }, { $outcome }
sheet-claim-with-move = Reklamation von { $side }: { $kind }, { $outcome }; beabsichtigter Zug { $move }
claim-threefold-repetition = dreimalige Stellungswiederholung
claim-fifty-moves = 50-Züge-Regel
claim-time = Zeit
claim-quickplay-finish = Endspurtphase
claim-illegal-move = regelwidriger Zug
claim-pending = offen
claim-upheld-outcome = berechtigt
claim-rejected = abgelehnt

## Meldungen der Sprachausgabe

speech-output = Sprachausgabe: { $backend }.
speech-switch = Sprachausgabe { $from } gestört, weiter mit { $to }.
speech-dispatcher-unused = speech-dispatcher wird nicht benutzt: { $why }
speech-stopped = Die Sprachausgabe ist ausgefallen ({ $why }); die Ansagen werden nur gedruckt.

## Namen und die vorgelesene Partie (`rochade scoresheet --format speech`)

# Die Namen der Spieler auf dem Formular, wenn keine angegeben sind.
name-player = Spieler
name-opponent = Gegner
reading-versus = { $white } gegen { $black }.
reading-move = Zug { $number }:
reading-side-move = { $side } { $words }.
reading-result-white-wins = Ergebnis: eins zu null.
reading-result-black-wins = Ergebnis: null zu eins.
reading-result-draw = Ergebnis: remis.

## Die getippten Eingaben des Schiedsrichters (`!…`), wenn eine nicht gelesen werden kann

entry-help = Eingaben des Schiedsrichters: !pause, !weiter, !zeit weiss 120, !zeit schwarz -60, !uhren 3600 3540, !zuege weiss 40, !strafe schwarz, !falsche-reklamation weiss, !inkrement 5, !aufstellung, !zurueck 20, !abbruch, !fortsetzung, !ergebnis 1-0 Grund
entry-time-side = !zeit braucht eine Seite: weiss oder schwarz
entry-time-seconds = !zeit braucht Sekunden, z. B. 120 oder -60
entry-clocks-white = !uhren braucht die Sekunden von Weiß
entry-clocks-black = !uhren braucht die Sekunden von Schwarz
entry-moves-side = !zuege braucht eine Seite: weiss oder schwarz
entry-moves-number = !zuege braucht eine Anzahl Züge
entry-penalty-side = !strafe braucht die Seite, die regelwidrig gezogen hat
entry-reset-ply = !zurueck braucht die Anzahl der Halbzüge, die bleiben
entry-unknown-result = unbekanntes Ergebnis { $result }: 1-0, 0-1 oder 1/2-1/2
entry-unknown = unbekannte Eingabe des Schiedsrichters { $entry }; { $help }

## Warum ein Zug nicht möglich ist (Trainingsmodus)

# Die Figuren mit ihren üblichen Namen, für diese Gründe ($role wie bei piece-accusative).
piece-name = { $role ->
    [king] König
    [queen] Dame
    [rook] Turm
    [bishop] Läufer
    [knight] Springer
   *[pawn] Bauer
}
illegal-game-over = Die Partie ist beendet.
illegal-cannot-reach = { $role ->
    [queen] Keine
   *[other] Kein
} { $piece } kann { $to } erreichen.
illegal-cannot-reach-from = { $role ->
    [queen] Die
   *[other] Der
} { $piece } auf { $from } kann { $to } nicht erreichen.
illegal-no-such-piece = Sie haben { $role ->
    [queen] keine Dame
    [pawn] keinen Bauern
   *[other] keinen { $piece }
}.
illegal-no-piece-on = Auf { $square } steht keine Figur.
illegal-opponent-piece-on = Auf { $square } steht { $role ->
    [queen] eine
   *[other] ein
} { $piece } des Gegners.
illegal-other-piece-on = Auf { $square } steht { $there ->
    [queen] eine
   *[other] ein
} { $there_piece }, { $named ->
    [queen] keine
   *[other] kein
} { $named_piece }.
illegal-pawn-blocked = Der Bauer auf { $from } ist blockiert und kann nicht nach { $to }.
illegal-pinned = { $role ->
    [queen] Die
   *[other] Der
} { $piece } auf { $from } ist gefesselt: Ihr König stünde im Schach.
illegal-king-in-check = Ihr König steht im Schach, und dieser Zug hebt es nicht auf.
illegal-king-would-be-in-check = Der König stünde auf { $to } im Schach.
illegal-not-a-promotion = Ein Zug nach { $to } ist keine Umwandlung.
illegal-bad-promotion-piece = Ein Bauer kann nicht zum { $role ->
    [pawn] Bauern
   *[other] { $piece }
} werden.
# $side: short, long oder none.
illegal-castling-no-right = { $side ->
    [short] Rochade kurz
    [long] Rochade lang
   *[none] Rochade
} ist nicht mehr erlaubt: König oder Turm hat gezogen.
illegal-castling-in-check = Keine Rochade im Schach.
illegal-castling-blocked = { $side ->
    [short] Rochade kurz
    [long] Rochade lang
   *[none] Rochade
} geht nicht: eine Figur steht dazwischen.
illegal-castling-through-check = { $side ->
    [short] Rochade kurz
    [long] Rochade lang
   *[none] Rochade
} geht nicht: der König zöge über ein angegriffenes Feld oder in Schach.

## Uhr und Stellung lehnen eine Eingabe des Schiedsrichters ab

clock-error-stopped = die Uhr ist angehalten: die Partie ist beendet
clock-error-paused = die Uhr ist unterbrochen: erst weiterlaufen lassen
clock-error-not-started = die Uhr wurde noch nicht gestartet
clock-error-not-paused = die Uhr ist nicht unterbrochen
clock-error-already-running = die Uhr läuft schon ({ $running } am Zug)
clock-error-other-side-running = die Uhr von { $running } läuft, also kann { $side } keinen Zug beenden
# $speed: standard, rapid oder blitz.
clock-error-no-time-penalty = die Regeln { $rules } sehen im { $speed ->
    [rapid] Schnellschach
    [blitz] Blitzschach
   *[standard] Turnierschach
} keine Zeitstrafe für einen regelwidrigen Zug vor: der Gegner reklamiert den Gewinn
clock-error-untimed = die Partie hat keine Bedenkzeit: es gibt keine Zeit zu ändern
reset-error-no-such-ply = es gibt keine Stellung nach { $ply } Halbzügen: gespielt sind { $available }

## Zwei Partieformulare abgleichen (`rochade reconcile`), für den Schiedsrichter

reconcile-last-move = Zug { $number } von { $side } ({ $plies } Halbzüge)
reconcile-no-move = kein Zug
reconcile-agree = Die beiden Partieformulare stimmen Zug für Zug überein, bis { $last }.
reconcile-differ = Die Partieformulare unterscheiden sich bei Zug { $number } von { $side }: Formular A { $a }, Formular B { $b }.
reconcile-has = hat { $text }
reconcile-has-as = hat { $text } ({ $san })
reconcile-has-none = hat keinen Zug
reconcile-sheet-a = Formular A: { $problem }.
reconcile-sheet-b = Formular B: { $problem }.
reconcile-agree-up-to = Sie stimmen überein bis { $last }.
reconcile-agree-on-none = Sie stimmen in keinem Zug überein: zurück zur Anfangsstellung.
reconcile-position = Die Stellung dort: { $fen }
reconcile-clocks = Die Uhren nach diesem Zug: Weiß { $white }, Schwarz { $black }.
reconcile-clock-unknown = unbekannt
reconcile-journal-differs = Achtung: das Journal hat bis dort nicht dieselben Züge; die Uhrzeiten prüfen.
# Ein schriftlicher Bericht gibt Zeiten in Ziffern: "1 Stunde, 2 Minuten und 5 Sekunden".
reconcile-hours = { $count ->
    [one] { $count } Stunde
   *[other] { $count } Stunden
}
reconcile-minutes = { $count ->
    [one] { $count } Minute
   *[other] { $count } Minuten
}
reconcile-seconds = { $count ->
    [one] { $count } Sekunde
   *[other] { $count } Sekunden
}
and = und

## Eine Partie aus ihrem Journal fortsetzen

resumed-before-first-move = vor dem ersten Zug
resumed-after-move = nach Zug { $count }
resumed-after-white-move = nach Zug { $count } von Weiß
resumed-player-clock-runs = Sie sind am Zug, Ihre Uhr läuft
resumed-opponent-clock-runs = der Gegner ist am Zug, seine Uhr läuft
resumed-player-clocks-stopped = Sie sind am Zug, die Uhren stehen
resumed-opponent-clocks-stopped = der Gegner ist am Zug, die Uhren stehen
resumed-player-to-move = Sie sind am Zug
resumed-opponent-to-move = der Gegner ist am Zug
# $after: "nach Zug 23"; $turn: "Sie sind am Zug, Ihre Uhr läuft".
resumed-where = Partie fortgesetzt { $after }, { $turn }.
# $result: der Satz zum Ergebnis.
resumed-game-over = Partie wieder geöffnet { $after }. { $result }
announce-again = Noch einmal: { $words }
journal-torn-line = Die letzte Zeile des Journals, Zeile { $line }, war unvollständig, weil das Programm beim Schreiben unterbrochen wurde. Sie ist verworfen und beiseite gespeichert.
journal-broken-line = Zeile { $line } des Journals ist unlesbar.
journal-changed-line = Zeile { $line } des Journals wurde verändert: ihre Prüfsumme stimmt nicht.
journal-unsealed-line = Zeile { $line } des Journals hat keine Prüfsumme.
journal-missing-lines = { $count ->
    [one] Vor Zeile { $line } des Journals fehlt eine Zeile.
   *[other] Vor Zeile { $line } des Journals fehlen { $count } Zeilen.
}
journal-line-out-of-place = Zeile { $line } des Journals steht nicht an ihrem Platz.
journal-line-out-of-time = Zeile { $line } des Journals hat eine frühere Zeit als die Zeile davor.
journal-resume-question = Die Partie kann ab Zeile { $line } des Journals fortgesetzt werden, { $after }. Was danach steht, bleibt im Journal, wird aber nicht verwendet. Fortsetzen? Ja oder nein.
journal-not-resumed = Nicht fortgesetzt. Das Journal ist unverändert.
journal-resumed-after-damage = Fortgesetzt ab Zeile { $line }; die beschädigten Zeilen bleiben im Journal, beiseitegelegt.

## Eingaben, die nicht gelesen wurden

typed-line-too-long = Die Eingabe ist länger als { $count } Zeichen und wurde nicht gelesen. Bitte kürzer eingeben.
typed-line-not-text = Die Eingabe ist kein lesbarer Text und wurde nicht gelesen.

## Zeit, die keiner Uhr angerechnet wurde (für den Schiedsrichter)

# $duration: die Dauer in Worten; $count: dieselbe in Sekunden.
duration-with-seconds = { $duration } ({ $count ->
    [one] { $count } Sekunde
   *[other] { $count } Sekunden
})
uncounted-time-rules = Sie ist keiner Uhr angerechnet. Bitte entscheiden Sie; anrechnen mit !zeit weiss -Sekunden oder !zeit schwarz -Sekunden.
# $duration: "eine Stunde (3600 Sekunden)"; $rules: der Satz darüber, wie man anrechnet.
wall-clock-went-back = Die Uhrzeit des Computers ist seit dem letzten Journaleintrag um { $duration } zurückgegangen; die Dauer der Unterbrechung ist unbekannt. { $rules }
downtime-too-long = Das Programm war laut Uhrzeit des Computers { $duration } unterbrochen, zu lange, um sie ohne Sie anzurechnen. { $rules }
computer-was-suspended = Der Computer war { $duration } im Ruhezustand; in dieser Zeit konnte Rochade nichts hören und nichts ansagen. { $rules }

## Die Zeitkontrolle, zu Beginn vorgelesen

# $count/$number: Züge der Periode; $time: ihre Zeit in Worten.
control-moves-in = { $count ->
    [one] ein Zug in { $time }
   *[other] { $number } Züge in { $time }
}
control-then = dann { $period }
control-with-bonus = { $period }, { $bonus }
control-increment = plus { $time } pro Zug
control-increment-all = plus { $time } pro Zug ab dem ersten Zug
control-delay = mit { $time } Verzögerung pro Zug
control-bronstein = mit { $time } Bronstein-Verzögerung pro Zug
control-read-back = Bedenkzeit: { $control }.
# Für den Schiedsrichter beim Start von play: $input wie eingegeben, $seconds die Sekunden in Worten, $minutes die gemeinte Kontrolle.
control-looks-like-minutes = Achtung: die Zeitkontrolle { $input } bedeutet { $seconds } Sekunden, nicht Minuten. Für { $seconds } Minuten geben Sie { $minutes } ein.

## Der Start auf das Zeichen des Schiedsrichters

clock-waits-for-signal = Die Uhr startet auf das Zeichen des Schiedsrichters.
game-begins = Die Partie beginnt, die Uhr läuft.
before-signal = Die Partie hat noch nicht begonnen: die Uhr startet auf das Zeichen des Schiedsrichters.

## Letzter Zug und Partieformular

last-move-own = Ihr letzter Zug: { $words }.
no-move-yet = Es wurde noch kein Zug gespielt.
# $number: die Zugnummer in Worten; $white, $black: die Züge in den Worten des Spielers.
scoresheet-move = Zug { $number }: { $white }, { $black }.
scoresheet-move-white = Zug { $number }: { $white }.
scoresheet-move-black = Zug { $number }: Schwarz { $black }.
scoresheet-empty = Das Partieformular ist noch leer.
scoresheet-not-yet = Zug { $number } ist noch nicht gespielt.

## Chess960 (FIDE-Richtlinien II)

# Zu Beginn, für den Spieler, der sein Brett aufbaut: $number in Worten; $pieces: die erste Reihe von Weiß von a bis h in seinen Worten.
chess960-start = Chess960, Ausgangsstellung Nummer { $number }: { $pieces }.
# Eine abgelehnte Ausgangsstellung (Regel 2), gesagt und gedruckt, bevor die Partie beginnt.
chess960-number-out-of-range = { $number } ist keine Chess960-Ausgangsstellung: sie sind von 0 bis 959 nummeriert.
chess960-not-numbered = Die angegebene Stellung ist nicht die Chess960-Ausgangsstellung { $number }.
error-not-started = Die Partie hat nicht begonnen: zuerst muss sie gestartet werden ("start").
chess960-unreadable = Die Chess960-Ausgangsstellung ist nicht lesbar: sie ist keine FEN.
chess960-pawns = Keine Chess960-Ausgangsstellung: die acht weißen Bauern stehen auf der zweiten Reihe, die schwarzen auf der siebten, und keine andere Figur steht außerhalb der ersten und achten Reihe.
chess960-pieces = Keine Chess960-Ausgangsstellung: auf der ersten Reihe von Weiß stehen ein König, eine Dame, zwei Türme, zwei Läufer und zwei Springer.
chess960-king-not-between-rooks = Keine Chess960-Ausgangsstellung: der König muss zwischen den beiden Türmen stehen.
chess960-bishops-one-colour = Keine Chess960-Ausgangsstellung: die Läufer müssen auf Feldern verschiedener Farbe stehen.
chess960-black-not-mirrored = Keine Chess960-Ausgangsstellung: die schwarzen Figuren müssen den weißen spiegelbildlich gegenüberstehen.
chess960-not-at-start = Keine Chess960-Ausgangsstellung: die Partie beginnt mit Weiß am Zug und allen Rochaderechten.

## Die Seite für den sehenden Gegner (--web)

# Beim Start gedruckt und dem Spieler gesagt: die Adresse der Seite, und die PIN, die der Gegner für seine Eingaben braucht (ziffernweise, $pin mit Leerzeichen zwischen den Ziffern).
web-started = Die Seite für den Gegner: { $url }
web-started-pin = Die Seite für den Gegner: { $url }, PIN { $pin }.
# Was die Partie erwartet; $side ist white oder black.
web-state-idle = Keine Partie läuft.
web-state-paused = Die Uhren sind angehalten.
web-state-confirm = { $side ->
    [white] Weiß
   *[black] Schwarz
} bestätigt seinen Zug.
web-state-answers = { $side ->
    [white] Weiß
   *[black] Schwarz
} beantwortet eine Frage.
web-state-signal = Warten auf das Startzeichen des Schiedsrichters.
web-state-draw-offer = { $side ->
    [white] Weiß
   *[black] Schwarz
} bietet Remis an.
web-state-to-move = { $side ->
    [white] Weiß
   *[black] Schwarz
} ist am Zug.
# Warum eine Anfrage der Seite nicht angenommen wird.
web-state-busy = Zu viele Verbindungen: bitte gleich noch einmal.
web-state-host = Diese Adresse ist für die Seite nicht zugelassen.
web-state-too-many = Zu viele Eingaben: bitte kurz warten.
web-state-not-found = Das gibt es hier nicht.
web-state-bad-request = Die Eingabe ist nicht lesbar.
web-state-too-large = Die Eingabe ist zu lang.
web-state-arbiter-locked = Das Feld des Schiedsrichters ist gesperrt: es wurde keine PIN für ihn festgelegt.
web-state-pin-locked = Zu viele falsche PINs: bitte eine Minute warten.
web-state-pin-wrong = Die PIN fehlt oder ist falsch.
web-state-no-game = Rochade antwortet nicht: es läuft keine Partie.
# Die Beschriftungen der Seite; die Seite setzt $square (ein Feld wie e7), $piece, $san (ein Zug), $side (Weiß oder Schwarz), $result ein.
web-title = Rochade: Brett für den Gegner
web-board-from-white = Das Brett, von Weiß aus gesehen
web-board-from-black = Das Brett, von Schwarz aus gesehen
web-square = { $square }, { $piece }
web-square-empty = { $square }, leer
web-square-last = { $square }, { $piece }, letzter Zug
web-piece-white-king = weißer König
web-piece-white-queen = weiße Dame
web-piece-white-rook = weißer Turm
web-piece-white-bishop = weißer Läufer
web-piece-white-knight = weißer Springer
web-piece-white-pawn = weißer Bauer
web-piece-black-king = schwarzer König
web-piece-black-queen = schwarze Dame
web-piece-black-rook = schwarzer Turm
web-piece-black-bishop = schwarzer Läufer
web-piece-black-knight = schwarzer Springer
web-piece-black-pawn = schwarzer Bauer
web-selected = { $square } gewählt. Tippen Sie auf das Zielfeld.
web-promote-question = In welche Figur wird der Bauer umgewandelt?
web-promote-queen = Dame
web-promote-rook = Turm
web-promote-bishop = Läufer
web-promote-knight = Springer
web-cancel = Abbrechen
web-clocks = Uhren
web-clock-running = läuft
web-moves = Züge
web-move-announce = { $side }: { $san }
web-result = Ergebnis: { $result }
web-question = Frage an Sie
web-announcements = Ansagen an Sie
web-actions = Ihre Meldungen
web-touched = Ich habe eine Figur berührt
web-touched-hint = Tippen Sie auf das Feld der berührten Figur.
web-draw-offer = Remis anbieten
web-draw-accept = Remis annehmen
web-draw-decline = Remis ablehnen
web-resign = Aufgeben
web-resign-confirm = Wirklich aufgeben?
web-pin = PIN für Ihre Eingaben (sagt Ihnen der Spieler)
web-sheet = Partieformular
web-print = Drucken
web-download-pgn = PGN herunterladen
web-download-brf = BRF herunterladen (Braille)
web-arbiter = Schiedsrichter
web-arbiter-pin = PIN des Schiedsrichters
web-arbiter-pause = Uhren anhalten
web-arbiter-resume = Uhren weiterlaufen lassen
web-arbiter-start = Startzeichen geben
web-arbiter-side = Seite
web-arbiter-seconds = Sekunden (mit Minus abziehen)
web-arbiter-time = Zeit ändern
web-arbiter-penalty = Strafe für einen unmöglichen Zug dieser Seite
web-arbiter-ply = Halbzüge
web-arbiter-reset = Stellung nach diesen Halbzügen herstellen
web-arbiter-adjourn = Partie abbrechen (Hängepartie)
web-arbiter-continue = Hängepartie fortsetzen
web-arbiter-result = Ergebnis eintragen
web-arbiter-reason = Grund
web-done = Ausgeführt.
web-offline = Keine Verbindung zu Rochade. Ein neuer Versuch läuft.

## Der Dienst (rochade service), seine Steuerung (rochade ctl) und install-service

# Für die Sprechtaste des Desktops (rochade ctl push-to-talk).
no-push-to-talk = Keine Sprechtaste: Rochade hört ohne Sprechtaste zu oder hat keine Spracheingabe.
# $new_game: die Worte für eine neue Partie aus grammars/de.toml ([service]).
service-ready = Rochade ist bereit. Für eine neue Partie sagen Sie: { $new_game }.
service-ready-learn = Rochade ist bereit. Für eine neue Partie sagen Sie: { $new_game }. Damit Rochade Ihre Stimme besser versteht, sagen Sie vorher: { $learn_voice }; das dauert etwa sechs Minuten.
# $commands: die ersten Worte jedes Befehls, durch Kommas getrennt.
service-help = Zwischen den Partien können Sie sagen: { $commands }.
# $side: Weiß oder Schwarz; $control: die Bedenkzeit in Worten (ein ganzer Satz).
service-settings = Eine neue Partie: Sie spielen { $side }. { $control }
service-resuming = Rochade wurde neu gestartet. Ihre Partie wird fortgesetzt.
service-nothing-to-resume = Es gibt keine unterbrochene Partie zum Fortsetzen.
service-last-game-over = Die letzte Partie ist beendet; sie wird nicht fortgesetzt.
service-no-game = Es läuft keine Partie. Für eine neue Partie sagen Sie: { $new_game }.
service-game-running = Eine Partie läuft schon. Sie wird zuerst beendet, mit rochade ctl stop.
service-game-not-started = Die Partie kann nicht beginnen: { $why }
service-game-stopped = Die Partie ist unterbrochen und im Journal gesichert.
service-game-failed = Die Partie wurde mit einem Fehler beendet: { $why }
service-stopping = Rochade wird beendet.
service-journal-unreadable = Das Journal { $path } kann nicht gelesen werden: { $why }
service-bad-request = Keine Anfrage von rochade ctl: { $why }
service-started = Der Rochade-Dienst läuft. Steuerung über { $path }.
service-no-microphone = Kein Mikrofon ({ $why }). Neuer Versuch in { $seconds } Sekunden.
service-microphone-ready = Das Mikrofon ist bereit: Rochade hört zu.
service-already-running = Ein Rochade-Dienst läuft schon und antwortet unter { $path }.
service-cannot-listen = Die Steuerung kann nicht unter { $path } eingerichtet werden: { $why }
service-learning-no-voice = Der Dienst hört kein Mikrofon; so kann er Ihre Stimme nicht lernen.
service-learning-failed = Das Lernen der Stimme kann nicht beginnen: { $why }
service-learning-running = Rochade lernt gerade Ihre Stimme. Sagen Sie zuerst { $stop }.
ctl-no-service = Kein Rochade-Dienst antwortet unter { $path } ({ $why }). Starten Sie ihn mit rochade service oder systemctl --user start rochade.
ctl-failed = Die Anfrage an den Rochade-Dienst ist gescheitert: { $why }
status-idle = Keine Partie.
status-playing = Die Partie läuft.
status-paused = Die Uhren stehen.
status-over = Die Partie ist beendet.
# $moves: die gespielten Züge in SAN; $side: Weiß oder Schwarz.
status-moves = Gespielt: { $moves }. Am Zug: { $side }.
status-no-moves = Noch kein Zug gespielt. Am Zug: { $side }.
status-question = Frage an den Gegner: { $question }
status-result = Ergebnis: { $result }
install-service-written = Dienst-Datei geschrieben: { $path }
install-service-enabled = Eingeschaltet für die grafische Sitzung: { $path }
install-service-enabled-systemctl = Eingeschaltet mit systemctl --user enable rochade.service.
install-service-start = Der Dienst startet mit der nächsten Anmeldung, oder sofort mit: systemctl --user start rochade

## Settings (rochade config)

config-file = Einstellungen aus { $path }.
config-file-none = Keine Einstellungsdatei { $path }: es gelten die eingebauten Werte und die Befehlszeile.
config-setting = { $name } = { $value } ({ $source })
config-from-default = eingebaut
config-from-file = aus der Datei, Zeile { $line }
config-from-command-line = von der Befehlszeile
config-unset = nicht gesetzt

## Speech settings by voice

speech-louder = Lauter.
speech-softer = Leiser.
speech-faster = Schneller.
speech-slower = Langsamer.
speech-loudest = Lauter geht es nicht.
speech-softest = Leiser geht es nicht.
speech-fastest = Schneller geht es nicht.
speech-slowest = Langsamer geht es nicht.

## A game running on the laptop: no sleep, the battery

inhibit-why = Eine Schachpartie läuft
battery-low = Der Akku hat noch { $percent } Prozent. Bitte bald das Netzteil anschließen.
battery-very-low = Der Akku hat nur noch { $percent } Prozent. Bitte jetzt das Netzteil anschließen, sonst geht der Computer aus.

## The check before the first move

check-start = Kurze Prüfung vor der Partie. Wenn Sie diesen Satz hören, funktionieren die Kopfhörer.
check-room-silent = Das Mikrofon liefert keinen Ton: ist es stummgeschaltet oder nicht angeschlossen?
check-room-quiet = Das Mikrofon hört einen ruhigen Raum.
check-room-noisy = Es ist laut im Raum: Züge werden vielleicht nicht sicher verstanden. Ein Mikrofon nahe am Mund hilft.
check-say = Bitte sagen Sie jetzt: { $phrase }.
check-heard = Verstanden: { $heard }.
check-heard-nothing = Nichts verstanden. Bitte das Mikrofon prüfen; die Tastatur geht immer.
check-voice-quiet = Ihre Stimme kommt leise an: bitte das Mikrofon näher an den Mund.
check-done = Die Prüfung ist beendet.

## Die Stimme lernen (rochade models read): der Spieler liest Zeilen vor, Pocketsphinx lernt daraus

# $count, $number: wie viele Zeilen zu lesen sind.
learning-start = Rochade lernt jetzt Ihre Stimme. Ich sage { $count ->
    [one] eine Zeile
   *[other] { $number } Zeilen
}; sprechen Sie jede nach, wenn ich sie gesagt habe.
# $repeat, $skip, $stop: die ersten Worte dieser Befehle (grammars/de.toml, [commands] und [learning]).
learning-help = Sagen Sie { $repeat }, um eine Zeile noch einmal zu hören, { $skip }, um sie auszulassen, und { $stop }, um aufzuhören; was Sie gelesen haben, wird dann gelernt.
# $number: die Nummer der Zeile in Worten; $words: was zu sprechen ist.
learning-line = Zeile { $number }: { $words }
learning-again = Nicht verstanden. Bitte noch einmal: { $words }
learning-left-out = Diese Zeile lasse ich aus.
# $count, $number: wie viele Zeilen aufgenommen sind.
learning-kept = Aufgenommen: { $count ->
    [one] eine Zeile
   *[other] { $number } Zeilen
}.
learning-cannot-keep = Die Aufnahme kann nicht gespeichert werden: { $why }. Das Lesen endet hier.
learning-folder = Die Aufnahmen liegen in { $folder }.
learning-adapting = Ich lerne jetzt Ihre Stimme. Das dauert etwa eine Minute.
learning-adapted = Fertig. Von der nächsten Partie an hört Rochade Sie mit Ihrer Stimme.
learning-nothing-kept = Keine Zeile ist aufgenommen; es wird nichts gelernt.
learning-not-adapted = Die Stimme konnte nicht gelernt werden: { $why }. Die Aufnahmen bleiben erhalten.
learning-no-microphone = Ohne Mikrofon kann Rochade Ihre Stimme nicht lernen: { $why }
