# Test sentences for the Rochade interpreter, written independently of the
# project's corpus/grammars.  Each entry: (heard, category, expected, unclear)
#   Set A: expected None  -> must be not_understood (never move, never command)
#   Set B: expected "<command>" -> must be status command with that command
#   unclear=True: the spec (SPOKEN-MOVES.md) does not clearly decide; reported apart.

A_DE = {
 "opponent": """
guten tag
guten morgen
hallo
servus
grüß gott
gruess gott
viel glück
viel glueck
viel erfolg
ihnen auch viel glück
danke gleichfalls
schönes spiel
schoenes spiel
gutes spiel
danke für die partie
danke für das spiel
nimmst du zucker
nehmen sie milch
ja gerne einen kaffee
einen kaffee bitte
ein wasser bitte
ja gern mit milch
das war knapp
gut gespielt
glückwunsch
herzlichen glückwunsch
das war eine schöne partie
wollen wir analysieren
hast du zeit für eine analyse
haben sie kurz zeit
spielen wir noch eine partie
wie heißen sie
mein name ist peter
woher kommen sie
ich komme aus berlin
darf ich das fenster öffnen
ist ihnen kalt
stört es sie wenn ich huste
entschuldigung
tut mir leid
kein problem
macht nichts
bitte sehr
gern geschehen
ich bin gleich zurück
ich muss mal kurz raus
bis später
auf wiedersehen
tschüss
ja ich weiß
ja ich komme gleich
nein wirklich nicht
nein das glaube ich nicht
nein ich habe keinen hunger
ja das war ein schöner zug
nein du bist am zug
du bist dran
ich bin am zug
""",
 "arbiter": """
herr schiedsrichter ich habe eine frage
herr schiedsrichter bitte
schiedsrichter
wo ist die toilette
meine uhr ist kaputt
die uhr funktioniert nicht
die uhr läuft nicht
die uhr piept
mein gegner hat die uhr nicht gedrückt
die uhr von meinem gegner läuft noch
können sie die uhr stellen
koennen sie bitte die uhr anhalten
wann ist die nächste runde
wann beginnt die nächste runde
wie lange dauert die pause
um wie viel uhr ist die siegerehrung
wo ist der turniersaal
ich brauche ein neues partieformular
darf ich aufstehen
mein handy hat geklingelt
das licht ist zu dunkel
es ist zu laut hier
können sie bitte für ruhe sorgen
mein gegner redet die ganze zeit
mein gegner hat zwei züge hintereinander gemacht
ich möchte eine korrektur am partieformular machen
""",
 "self": """
mist
oh nein
verdammt
so ein mist
das habe ich übersehen
das habe ich uebersehen
wie konnte ich das übersehen
das war dumm
oh mann
na toll
ich habe keine zeit mehr
die zeit wird knapp
ich bin in zeitnot
ich muss schneller spielen
hoffentlich reicht die zeit
ich hätte den springer nehmen sollen
gib nicht auf
nicht aufgeben
bloß nicht aufgeben
ich gebe auf keinen fall auf
jetzt bloß keinen fehler machen
""",
 "phone_spectator": """
hallo schatz ich bin beim turnier
ja ich bin noch am spielen
nein ich weiß nicht wann ich fertig bin
ich rufe dich später zurück
kannst du mich abholen
um wie viel uhr holst du mich ab
wie spät ist es
wie viel uhr ist es
weißt du wie spät es ist
weisst du wie spaet es ist
ja mama
ja ich esse was
der hat ja keine ahnung
der weiße steht besser
schwarz hat gewonnen
""",
 "cmdword_in_sentence": """
hast du eine uhr
schöne uhr hast du
meine uhr geht nach
die uhr an der wand geht falsch
ich habe keine uhr dabei
die züge fahren heute nicht
die zuege fahren heute nicht
mein zug kommt um drei
wann fährt der letzte zug
die züge der deutschen bahn sind immer zu spät
ich habe viele züge vorbereitet
er hat die züge auswendig gelernt
das waren gute züge
die korrektur der klassenarbeiten dauert
ich muss noch korrektur lesen
das ist richtig gut
richtig schön hier
das finde ich richtig
das ist falsch
das war falsch von mir
du liegst falsch
falsch verbunden
remis wäre ein gutes ergebnis
ein remis reicht uns für den aufstieg
hätte ich doch remis angeboten
er hat mir gestern remis angeboten
hilfe ist unterwegs
ich brauche keine hilfe
danke für ihre hilfe
mit hilfe von freunden
die aufgabe war schwer
das ist keine leichte aufgabe
die hausaufgabe ist fertig
ich gebe auf den bus acht
ich gebe auf mein kind acht
er gibt bestimmt gleich auf
wiederholen wir das nächste woche
die geschichte wiederholt sich
wiederholung ist die mutter des lernens
wie bitte soll das gehen
abbrechen würde ich das nicht
die partie wurde abgebrochen
zeit ist geld
das ist lange zeit her
zur zeit geht es mir gut
ich habe heute keine zeit
die zeit vergeht schnell
hast du morgen zeit
es wird zeit dass ich gehe
in der zwischenzeit
ja das ist meine uhr
nein das ist nicht meine uhr
ich helfe dir gleich
ja die aufgabe war schwer
nein die zeit reicht nicht
bestätigt wurde das nicht
""",
 "soundalike": """
zeitung
die zeitung liegt auf dem tisch
zeig mal
seit wann spielst du
uhrzeit
hilfreich
zügig
jahr
jana
neun
nie
rennen
remise
""",
 "chessword": """
der springer ist schön
der läufer ist stark
der laeufer ist stark
die dame ist in gefahr
mein turm steht schlecht
der bauer ist schwach
der könig ist sicher
das ist eine schöne stellung
eva hat angerufen
david kommt später
felix ist mein bruder
anna und bella sind schwestern
gustav hat geburtstag
hektor ist ein hund
emil sitzt in reihe drei
die dame am nebentisch
rochade wäre gut gewesen
ich habe die rochade vergessen
schach ist ein schönes spiel
ich spiele seit zwanzig jahren schach
ist das schach
das ist kein matt
der springer auf felix drei ist stark
ich denke über springer felix drei nach
die kurze rochade ist sicherer
eva vier war ein fehler
der bauer nach eva vier war stark
""",
 "punct": """
Guten Tag!
Viel Glück.
Ja, gerne einen Kaffee.
Das war knapp!
Hilfe ist unterwegs.
Die Uhr an der Wand geht falsch!
Wie spät ist es?
Mist!
Herr Schiedsrichter, ich habe eine Frage.
Die Aufgabe war schwer.
Ich habe keine Zeit mehr.
Ja, ich weiß.
Nein, das glaube ich nicht.
""",
}

A_DE_UNCLEAR = {
 "unclear": """
nein danke
ja danke gern
wie viel zeit bleibt mir wohl
ich frage mich wie viel zeit ich noch habe
ich reklamiere remis wegen dreifacher wiederholung
soll ich remis anbieten
er hat mir remis angeboten
Nein, danke.
""",
}

A_EN = {
 "opponent": """
good morning
hello
hi there
good luck
good luck to you too
have a nice game
nice game
good game
thanks for the game
well played
congratulations
do you take sugar
do you want milk
yes please a coffee
a coffee please
that was close
that was a close one
my name is peter
where are you from
i'm from london
im from london
nice to meet you
sorry
excuse me
no problem
no worries
no way
no idea
yes i know
yeah right
you too
see you later
yes i'm still playing
no i don't know when i'll be done
your move
it's your move
is it my move
""",
 "arbiter": """
mister arbiter i have a question
excuse me arbiter
where is the toilet
where is the restroom
can you open the window
it's too loud in here
the light is too dark
my phone rang
my clock is broken
the clock is not working
the clock is beeping
my opponent didn't press the clock
can you set the clock
can you stop the clock please
when is the next round
what time does the next round start
my opponent made two moves in a row
i want to make a correction on my scoresheet
""",
 "self": """
oh no
damn
oh my god
i missed that
how did i miss that
that was stupid
i should have taken the knight
i have no time left
i'm running out of time
time flies
time is running out
never give up
don't resign now
""",
 "phone_spectator": """
hi honey i'm at the tournament
i'll call you back
can you pick me up
what time is it
what time is it in new york
do you have the time
yes mom
no mom
white is better
black has won
""",
 "cmdword_in_sentence": """
the clock on the wall is slow
i like your clock
i bought a new clock
around the clock
the moves were very fast
he knows all the moves
nice moves
those were some good moves
we are moving house next month
i need to move my car
repeat after me
history repeats itself
i'll repeat the exam next year
please don't repeat that to anyone
that's correct english
you're correct about the weather
correct me if i'm wrong
what's wrong with you
something is wrong with the light
wrong number
this move was wrong
i was wrong about that
cancel my order
they cancelled the flight
the train was cancelled
i need to draw the curtains
can you draw me a picture
it was a draw last time
a draw would be fine for the team
he offered me a draw yesterday
i will never resign
he should resign
she resigned from her job
help is on the way
thanks for your help
can i help you
i can't help it
help yourself to some cookies
time to go home
it's about time
last time i won
no time for lunch today
yes the clock is mine
no that's not my clock
help me carry this
""",
 "soundalike": """
thyme
tie
clockwork
moose
drew
helpful
yes sir
no sir
yesterday
noon
""",
 "chessword": """
the bishop is strong
the knight is beautiful
i love the queen's gambit
i love the queens gambit
the queen is in danger
my rook is badly placed
the pawn is weak
the king is safe
castling would have been good
i forgot to castle
eva called
david is coming later
felix is my brother
anna and bella are sisters
hector is a dog
charlie and echo are on the team
check your email
checkmate is the goal
is that check
chess is a beautiful game
i have been playing chess for twenty years
alpha bravo charlie
to be or not to be
for sure
one two three
i ate too much
i won
i won the last game
castle kingside is safer
knight to f three was a great move
e four is best by test
the knight on f three is strong
""",
 "punct": """
Good luck!
Yes, I know.
No worries.
What time is it?
I need to draw the curtains.
The clock on the wall is slow.
This move was wrong.
Help is on the way!
Thanks for the game.
""",
}

A_EN_UNCLEAR = {
 "unclear": """
no thanks
yes of course
what's the time
i wonder how much time i have left
how much time do i have left i wonder
should i offer a draw
No, thanks.
""",
}

B_DE = {
 "time": """
zeit
zeit bitte
äh zeit
ähm zeit bitte
aeh zeit
also zeit
jetzt zeit bitte
die zeit bitte
wie viel zeit habe ich noch
wie viel zeit habe ich
wieviel zeit hab ich noch
wie viel zeit hab ich
wie viel zeit bleibt mir
wie viel zeit bleibt mir noch
wie viel zeit habe ich noch bitte
äh wie viel zeit habe ich noch
uhr
uhr bitte
Zeit, bitte.
Wie viel Zeit habe ich noch?
Zeit?
""",
 "time_unclear": """
welche zeit habe ich
zeit ansagen
sag mir die zeit
sag mir bitte die zeit
wie steht die uhr
wie ist die zeit
was sagt die uhr
wie viel zeit hat mein gegner
wieviel zeit haben wir
wie lange habe ich noch
""",
 "moves": """
züge
zuege
zugzahl
zugzahl bitte
äh zugzahl
wie viele züge
wie viele zuege
wie viele züge noch
Zugzahl, bitte.
Wie viele Züge?
""",
 "moves_unclear": """
wie viele züge sind gespielt
wie viele züge bis zur zeitkontrolle
welcher zug ist es
zugzahl ansagen
anzahl der züge
der wievielte zug ist das
""",
 "repeat": """
wiederholen
wiederholen bitte
bitte wiederholen
wie bitte
äh wie bitte
Wie bitte?
""",
 "repeat_unclear": """
noch einmal bitte
noch mal
nochmal bitte
was hast du gesagt
wiederhole
kannst du das wiederholen
bitte noch einmal wiederholen
""",
 "correction": """
korrektur
korrektur bitte
äh korrektur
Korrektur!
""",
 "correction_unclear": """
ich möchte korrigieren
""",
 "yes": """
ja
ja bitte
ja richtig
richtig
bestätigt
ja bestätigt
ja ja
Ja.
Ja, richtig.
""",
 "yes_unclear": """
ja genau
ja das stimmt
stimmt
genau
jawohl
korrekt
""",
 "no": """
nein
nein falsch
falsch
abbrechen
nein abbrechen
Nein!
Nein, falsch.
""",
 "no_unclear": """
nein das ist falsch
stopp
zurück
""",
 "draw": """
remis
ich biete remis an
remis bitte
Ich biete Remis an.
Remis?
""",
 "draw_unclear": """
ich nehme remis an
ich nehme das remis an
remis angenommen
ich biete ein remis an
ich möchte remis anbieten
""",
 "resign": """
ich gebe auf
aufgabe
Ich gebe auf.
""",
 "resign_unclear": """
ich gebe die partie auf
ich möchte aufgeben
ich moechte aufgeben
aufgeben
""",
 "help": """
hilfe
hilfe bitte
äh hilfe
Hilfe!
""",
 "help_unclear": """
ich brauche hilfe
was kann ich sagen
""",
}

B_EN = {
 "time": """
time
time please
uh time
um time please
what's my time
whats my time
what is my time
how much time do i have
how much time do i have left
how much time have i got left
how much time have i got
how much time is left
clock
clock please
Time, please.
What's my time?
How much time do I have?
""",
 "time_unclear": """
how much time remains
how much time does my opponent have
tell me the time
check the clock
what does the clock say
read the clock
how long do i have
""",
 "moves": """
moves
move count
move count please
how many moves
uh how many moves
How many moves?
""",
 "moves_unclear": """
how many moves have been played
how many moves are left
how many moves until time control
how many moves to go
what move is it
what move number is it
number of moves
""",
 "repeat": """
repeat
repeat that
repeat please
please repeat
say again
say that again
say that again please
Say again?
""",
 "repeat_unclear": """
could you repeat that
pardon
sorry what
come again
what did you say
""",
 "correction": """
correction
correction please
uh correction
Correction!
""",
 "correction_unclear": """
i want to correct that
""",
 "yes": """
yes
yes please
yes correct
correct
confirm
yes confirm
Yes.
Yes, correct.
""",
 "yes_unclear": """
confirmed
that's correct
yeah
yep
right
""",
 "no": """
no
no wrong
wrong
cancel
no cancel
cancel that
No!
No, wrong.
""",
 "no_unclear": """
that's wrong
nope
""",
 "draw": """
draw
i offer a draw
draw please
I offer a draw.
""",
 "draw_unclear": """
offer draw
i accept the draw
draw accepted
""",
 "resign": """
i resign
resign
I resign.
""",
 "resign_unclear": """
i want to resign
i'd like to resign
""",
 "help": """
help
help please
uh help
Help!
""",
 "help_unclear": """
i need help
what can i say
""",
}

# ---- round 2: harder cases (names+numbers, short two-word replies, extra commands'
# words: lauter/leiser/schneller/langsamer/stellung/letzter zug/partieformular/schiedsrichter)
A_DE.update({
 "r2_names_numbers": """
david kommt um drei
eva ist vier jahre alt
felix hat drei kinder
anna wird acht
gustav wohnt in haus nummer fünf
hektor ist acht
heinrich der achte
emil kommt um sieben
berta hat zwei katzen
dora und emil
anton wohnt in zimmer eins
cäsar und kleopatra
ich habe zwei bauern mehr
der springer hat acht felder
der läufer auf der langen diagonale
ich sitze an brett drei
wir spielen an tisch vier
wir sind in runde fünf
ich habe drei punkte
ich bin auf platz zwei
mein bus kommt um acht
ruf mich um sechs an
eva und david kommen um vier
die dame hat mich um acht angerufen
der turm von pisa
um eins gibt es mittagessen
ich wohne in der felixstraße drei
""",
 "r2_short_replies": """
ja aber
ja vielleicht
ja warum nicht
ja schon
nein nein nein
nein doch
nein nicht jetzt
nein ich will nicht
ja ich spiele schach
ähm ja also ich weiß nicht
also ja ich würde sagen das ist gut
ja genau das ist mein kaffee
nein das ist nicht richtig so
richtig oder falsch
ja oder nein
zeit vorbei
zeit um
keine zeit
hilfe hilfe
remis oder was
korrektur nein
ich auch
na ja
""",
 "r2_extra_cmd_words": """
können sie bitte leiser sein
seid mal leiser da hinten
die musik ist zu laut
sprich lauter ich höre nichts
ich muss schneller spielen sonst verliere ich
er spielt immer so langsam
langsamer fahren bitte
die stellung ist ausgeglichen
die stellung ist verloren
was für eine stellung
der letzte zug war gut
sein letzter zug war ein fehler
mein partieformular ist voll
ich rufe gleich den schiedsrichter
der schiedsrichter kommt gleich
der schiedsrichter hat recht
wer ist hier der schiedsrichter
""",
 "r2_chess_talk_with_moves": """
warum nicht springer felix drei
ich hätte eva vier spielen sollen
läufer felix vier wäre besser gewesen
bauer eva vier ist stark
er hat springer felix drei gespielt
nach eva vier kommt eva fünf
kurze rochade hätte ich spielen sollen
hoffentlich spielt er nicht dame hektor fünf
""",
})
A_EN.update({
 "r2_names_numbers": """
david is coming at three
eva is four years old
felix has three kids
anna turns eight
hector is eight
henry the eighth
see you at eight
see you at four
i'll be there at two
i'm at board three
we are playing at table four
we are in round five
i have three points
i am in second place
my bus comes at eight
call me at six
from a to b
i ate at eight
i won two games
i'm going to bed at eleven
charlie has two dogs
echo and delta
golf is my hobby
the hotel is on fifth street
""",
 "r2_short_replies": """
yes and no
no no no
yes yes
yes but
no not now
no i don't want to
um yes well i don't know
right or wrong
yes or no
time out
timeout
time's up
my time is up
no time
help help
draw or what
correction no
me too
oh well
""",
 "r2_extra_cmd_words": """
can you be quieter please
the music is too loud
speak louder i can't hear you
i need to play faster or i'll lose
he always plays so slowly
slow down please
the position is equal
the position is lost
what a position
the last move was good
his last move was a mistake
my scoresheet is full
i'll call the arbiter
the arbiter is coming
the arbiter is right
who is the arbiter here
""",
 "r2_chess_talk_with_moves": """
why not knight f three
i should have played e four
bishop c four would have been better
pawn e four is strong
he played knight f three
after e four comes e five
i should have castled kingside
hopefully he doesn't play queen h five
queen takes everything
pawn takes pawn
the king is in check
i castle
""",
})
B_DE.update({
 "yes_unclear": B_DE["yes_unclear"] + "ja klar\n",
 "no_unclear": B_DE["no_unclear"] + "nee\nnö\nne\n",
})
B_EN.update({
 "yes_unclear": B_EN["yes_unclear"] + "yeah sure\nsure\nyes that's right\n",
 "no_unclear": B_EN["no_unclear"] + "nah\nno that's wrong\n",
})

# ---- round 3: file name + everyday words + number word (found in round 2)
A_DE.update({
 "r3_name_words_number": """
felix hat drei
gustav kommt um drei
emil kommt um vier
felix kommt um drei
david kommt heute abend um drei
felix kam um vier
dora hat vier
gustav ging um drei
eva kam gegen vier
eva vier oder
be drei oder so
anton kommt um eins
bella wird sechs
David kommt um drei.
Felix, hat drei.
""",
 "r3_vocab_only_everyday": """
david wird drei
eva wird vier
david nimmt drei
eva nimmt vier
""",
})
A_EN.update({
 "r3_name_words_number": """
felix has three
eva turns four
delta has four
golf at three
she has four
eve has four
felix turned three
e four or
Felix has three.
""",
})
