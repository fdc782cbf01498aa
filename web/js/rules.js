// How to play each game, written for this product, in English and German.

const COMMON = {
  en: `<h3>Board and moves</h3>
<p>The game is played on the points where the lines cross. Columns are named with letters starting at A (the letter I is used too), rows with numbers counted from 1 at the bottom, so the centre of the 15×15 board is H8. Black begins, then the players take turns putting one stone of their colour on any empty point. Stones stay where they are put unless a rule below takes them away.</p>
<p>A line of stones can run across, up and down, or along either diagonal. Lines stop at the edge; they never continue on the other side.</p>`,
  de: `<h3>Brett und Züge</h3>
<p>Gespielt wird auf den Schnittpunkten der Linien. Die Spalten tragen Buchstaben ab A (auch das I wird benutzt), die Zeilen Zahlen, von unten mit 1 beginnend; die Mitte des 15×15-Bretts ist also H8. Schwarz fängt an, danach setzen die beiden abwechselnd je einen Stein ihrer Farbe auf einen freien Punkt. Ein gesetzter Stein bleibt liegen, es sei denn, eine der folgenden Regeln entfernt ihn.</p>
<p>Eine Reihe kann waagerecht, senkrecht oder auf einer der beiden Diagonalen verlaufen. Am Rand ist sie zu Ende; sie läuft nicht auf der anderen Seite weiter.</p>`,
};

const RULES = {
  freestyle: {
    en: `<h2>Gomoku</h2>
<p>Get five of your stones next to each other in one straight line before your opponent does.</p>
${COMMON.en}
<h3>Winning</h3>
<ul>
<li><b>Five or more</b> (the usual setting): any unbroken line of at least five of your stones wins.</li>
<li><b>Exactly five</b>: only a line of precisely five counts, for both players. Six or more in a row is just a long line and play continues. If one stone completes an exact five in one direction and a longer line in another, the exact five still wins.</li>
</ul>
<p>If every point is filled and nobody has won, the game is a draw.</p>
<h3>Openings</h3>
<p>Black moving first is a real advantage, so you can pick a fairer start:</p>
<ul>
<li><b>Free</b>: Black may start anywhere.</li>
<li><b>Swap</b>: the first player puts down three stones (black, white, black). The second player then decides which colour to take, and whoever holds White plays the next stone.</li>
<li><b>Swap2</b>: after those three stones the second player has three options: take Black, take White, or add one white and one black stone and let the first player choose the colour.</li>
</ul>
<h3>In this app</h3>
<p>Undo takes back your last move, and against the computer its answer as well. Rematch starts again with the colours exchanged. The session score counts your wins, losses and draws in this browser.</p>`,
    de: `<h2>Gomoku</h2>
<p>Bringe fünf deiner Steine lückenlos in eine gerade Reihe, bevor es dein Gegner schafft.</p>
${COMMON.de}
<h3>Gewinnen</h3>
<ul>
<li><b>Fünf oder mehr</b> (Standard): Jede ununterbrochene Reihe aus mindestens fünf eigenen Steinen gewinnt.</li>
<li><b>Genau fünf</b>: Es zählt nur eine Reihe aus exakt fünf Steinen, für beide Seiten. Sechs oder mehr sind bloß eine lange Reihe, und es wird weitergespielt. Schafft ein Stein in einer Richtung genau fünf und in einer anderen eine längere Reihe, gewinnen die genau fünf trotzdem.</li>
</ul>
<p>Ist das Brett voll, ohne dass jemand gewonnen hat, endet die Partie remis.</p>
<h3>Eröffnungen</h3>
<p>Der erste Zug ist für Schwarz ein echter Vorteil. Deshalb gibt es gerechtere Anfänge:</p>
<ul>
<li><b>Frei</b>: Schwarz beginnt, wo es will.</li>
<li><b>Swap</b>: Der erste Spieler legt drei Steine (schwarz, weiß, schwarz). Danach bestimmt der zweite Spieler, welche Farbe er übernimmt; wer Weiß hat, setzt den nächsten Stein.</li>
<li><b>Swap2</b>: Nach diesen drei Steinen hat der zweite Spieler drei Möglichkeiten: Schwarz nehmen, Weiß nehmen oder je einen weißen und einen schwarzen Stein dazulegen und die Farbwahl dem ersten Spieler überlassen.</li>
</ul>
<h3>In dieser App</h3>
<p>„Zurücknehmen“ macht deinen letzten Zug rückgängig, gegen den Computer auch seine Antwort. „Revanche“ beginnt neu mit getauschten Farben. Der Spielstand der Sitzung zählt Siege, Niederlagen und Remis in diesem Browser.</p>`,
  },
  renju: {
    en: `<h2>Renju</h2>
<p>Renju is five in a row under international tournament rules. To balance Black's head start, some moves are forbidden to Black.</p>
${COMMON.en}
<h3>Start and goal</h3>
<p>Black's first stone goes on the centre point. White wins with five or more in a row. Black wins only with exactly five; a longer black line does not count.</p>
<h3>Forbidden points for Black</h3>
<p>Black loses at once by playing a stone that creates any of these, unless the same stone also completes a five (then the five wins):</p>
<ul>
<li><b>Overline</b>: six or more black stones in a row.</li>
<li><b>Double-four</b>: two fours at the same time. A <i>four</i> is a line that needs just one more stone to become five. Two fours can even lie on a single line, for example <code>● · ● ◉ ● · ●</code> where the new stone ◉ leaves two different gaps that would each make five.</li>
<li><b>Double-three</b>: two threes at the same time. A <i>three</i> is a line that one more stone turns into an <i>open four</i>, a four with two different completing points.</li>
</ul>
<p>A three only counts if it can really become an open four: if every point that would make the open four is itself forbidden for Black (or would make a five instead), it is a false three and does not count. Deciding that can mean checking further points in turn; the app follows such chains to the end.</p>
<p>White has no forbidden points. While Black is to move, the app marks Black's forbidden points with a red ×. Clicking one asks first, because playing it loses.</p>
<h3>Draws</h3>
<ul>
<li>The board fills up without a winner.</li>
<li>A player offers a draw on their turn and the other accepts.</li>
<li>Both players pass one after the other (no passing during the first three moves).</li>
</ul>
<p>Resigning loses the game.</p>
<h3>Openings</h3>
<ul>
<li><b>Free</b>: Black starts on the centre and play goes on normally.</li>
<li><b>Swap</b>: the first player places three stones; the other player then chooses a colour.</li>
<li><b>RIF 1996</b>: the first player places one of the 26 standard openings: stone 1 on the centre, stone 2 touching it straight or diagonally, stone 3 within the 5×5 square around the centre. The other player may swap colours. White then plays stone 4 anywhere. Black proposes two places for stone 5 that are not mirror images of each other, White keeps one of them (click it) and plays stone 6. After that, normal play.</li>
</ul>`,
    de: `<h2>Renju</h2>
<p>Renju ist Fünf in einer Reihe nach internationalen Turnierregeln. Damit der Anzugsvorteil von Schwarz nicht zu groß wird, sind Schwarz bestimmte Züge verboten.</p>
${COMMON.de}
<h3>Beginn und Ziel</h3>
<p>Der erste schwarze Stein kommt auf den Mittelpunkt. Weiß gewinnt mit fünf oder mehr in einer Reihe. Schwarz gewinnt nur mit genau fünf; eine längere schwarze Reihe zählt nicht.</p>
<h3>Verbotene Punkte für Schwarz</h3>
<p>Schwarz verliert sofort, wenn ein gesetzter Stein eines der folgenden Muster bildet, außer derselbe Stein vollendet zugleich eine Fünf (dann gewinnt die Fünf):</p>
<ul>
<li><b>Überlänge</b>: sechs oder mehr schwarze Steine in einer Reihe.</li>
<li><b>Doppelvier</b>: zwei Vieren auf einmal. Eine <i>Vier</i> ist eine Reihe, der nur noch ein Stein zur Fünf fehlt. Zwei Vieren können sogar auf derselben Linie liegen, etwa <code>● · ● ◉ ● · ●</code>: Der neue Stein ◉ lässt zwei verschiedene Lücken, die jede für sich eine Fünf ergäben.</li>
<li><b>Doppeldrei</b>: zwei Dreien auf einmal. Eine <i>Drei</i> ist eine Reihe, aus der ein weiterer Stein eine <i>offene Vier</i> macht, also eine Vier mit zwei verschiedenen Punkten zur Fünf.</li>
</ul>
<p>Eine Drei zählt nur, wenn aus ihr wirklich eine offene Vier werden kann: Sind alle Punkte, die die offene Vier bilden würden, selbst für Schwarz verboten (oder ergäben stattdessen eine Fünf), ist es eine falsche Drei und zählt nicht. Das zu entscheiden kann weitere Prüfungen nach sich ziehen; die App verfolgt solche Ketten bis zum Ende.</p>
<p>Für Weiß gibt es keine verbotenen Punkte. Solange Schwarz am Zug ist, zeigt die App die verbotenen Punkte mit einem roten ×. Ein Klick darauf fragt erst nach, denn der Zug verliert.</p>
<h3>Remis</h3>
<ul>
<li>Das Brett ist voll, ohne dass jemand gewonnen hat.</li>
<li>Ein Spieler bietet am Zug Remis an, und der andere nimmt an.</li>
<li>Beide passen direkt nacheinander (in den ersten drei Zügen ist Passen nicht erlaubt).</li>
</ul>
<p>Wer aufgibt, verliert.</p>
<h3>Eröffnungen</h3>
<ul>
<li><b>Frei</b>: Schwarz beginnt in der Mitte, danach wird normal gespielt.</li>
<li><b>Swap</b>: Der erste Spieler setzt drei Steine, dann wählt der andere seine Farbe.</li>
<li><b>RIF 1996</b>: Der erste Spieler legt eine der 26 Standarderöffnungen: Stein 1 in die Mitte, Stein 2 direkt oder schräg daneben, Stein 3 innerhalb des 5×5-Quadrats um die Mitte. Der andere darf die Farben tauschen. Dann setzt Weiß Stein 4 beliebig. Schwarz schlägt zwei Punkte für Stein 5 vor, die nicht spiegelbildlich zueinander liegen; Weiß behält einen davon (anklicken) und setzt Stein 6. Danach geht es normal weiter.</li>
</ul>`,
  },
  captures: {
    en: `<h2>Gomoku with captures</h2>
<p>Five in a row still wins, but you can also take your opponent's stones away in pairs, and taking five pairs wins as well.</p>
${COMMON.en}
<h3>Board and start</h3>
<p>The usual board is 19×19; 13×13 and 15×15 are available too. Black starts on the centre. Black's second stone (the third move of the game) must be at least three points away from the centre: outside the 5×5 square around it.</p>
<h3>Capturing</h3>
<p>When your new stone and one of your stones already on the board enclose <b>exactly two</b> enemy stones in a straight line (<code>● ○ ○ ●</code>), those two stones are removed and their points become free again. One new stone can capture in several directions at once. A single enemy stone, or three of them, cannot be captured.</p>
<p>Moving into such a gap yourself is safe: captures only happen to the stones of the player who did <i>not</i> just move.</p>
<h3>Winning</h3>
<ul>
<li>Five or more of your stones in a row, or</li>
<li>five captured pairs (ten stones).</li>
</ul>
<p>The app shows how many pairs each side has taken under the board. A full board without a winner is a draw.</p>`,
    de: `<h2>Gomoku mit Schlagen</h2>
<p>Fünf in einer Reihe gewinnt weiterhin, aber du kannst gegnerische Steine auch paarweise vom Brett nehmen, und fünf geschlagene Paare gewinnen ebenfalls.</p>
${COMMON.de}
<h3>Brett und Beginn</h3>
<p>Üblich ist ein 19×19-Brett; 13×13 und 15×15 gibt es auch. Schwarz beginnt in der Mitte. Der zweite schwarze Stein (der dritte Zug der Partie) muss mindestens drei Punkte von der Mitte entfernt liegen, also außerhalb des 5×5-Quadrats um sie herum.</p>
<h3>Schlagen</h3>
<p>Schließen dein neuer Stein und ein schon liegender eigener Stein <b>genau zwei</b> gegnerische Steine in gerader Linie ein (<code>● ○ ○ ●</code>), werden diese beiden entfernt, und ihre Punkte sind wieder frei. Ein Stein kann in mehreren Richtungen zugleich schlagen. Ein einzelner gegnerischer Stein oder drei davon lassen sich nicht schlagen.</p>
<p>Selbst in eine solche Lücke zu ziehen ist ungefährlich: Geschlagen werden nur Steine der Seite, die gerade <i>nicht</i> gezogen hat.</p>
<h3>Gewinnen</h3>
<ul>
<li>Fünf oder mehr eigene Steine in einer Reihe, oder</li>
<li>fünf geschlagene Paare (zehn Steine).</li>
</ul>
<p>Unter dem Brett zeigt die App, wie viele Paare jede Seite geschlagen hat. Ein volles Brett ohne Sieger ist remis.</p>`,
  },
  fishing: {
    en: `<h2>Fishing Gomoku</h2>
<p>Here five in a row is not the end of the game: it is a fishing rod. Reeling it in earns points, and the first player to reach <b>10 points</b> wins.</p>
${COMMON.en}
<h3>Rods</h3>
<p>A rod is any five of your stones in a straight line that includes the stone you just played. Longer lines hold several rods: every group of five consecutive stones through your new stone counts once. Lines in different directions add up, so a stone at the meeting point of two or three lines can score a lot. Fives that your move does not touch never score again.</p>
<h3>Reeling in</h3>
<ol>
<li>All stones of your rods are taken off the board.</li>
<li>You get one point per rod.</li>
<li>If that brings you to 10 points or more, you win immediately.</li>
<li>Otherwise you pick one of your opponent's stones, and it turns into your colour where it stands.</li>
<li>If that converted stone now completes a five of yours, you may reel again: this can chain on and on.</li>
</ol>
<p>In the app: after you form a rod, its stones light up. Click a white stone to finish the reel. You may also press <b>Reel later</b> to leave the stones where they are and end your turn; a five you declined does not come back on its own. Clicking an empty point or one of your own stones during a reel does nothing. The computer always reels at once, and the app shows which stones left the board and which stone changed colour.</p>
<h3>End of the game</h3>
<p>First to 10 points wins. If the board fills up first, the player with more points wins; equal points are a draw. There is no undo in this game; use New game to start over.</p>
<h3>Computer levels</h3>
<p>Easy plays quickly and loosely, Normal looks a few moves ahead and blocks your threats, Hard searches deeply and aims straight for 10 points. You can switch levels during a game.</p>`,
    de: `<h2>Angel-Gomoku</h2>
<p>Hier beendet eine Fünferreihe die Partie nicht: Sie ist eine Angel. Wer sie einholt, bekommt Punkte, und wer zuerst <b>10 Punkte</b> hat, gewinnt.</p>
${COMMON.de}
<h3>Angeln</h3>
<p>Eine Angel sind fünf eigene Steine in gerader Reihe, zu denen der gerade gesetzte Stein gehört. Längere Reihen enthalten mehrere Angeln: Jede Gruppe aus fünf aufeinanderfolgenden Steinen durch den neuen Stein zählt einmal. Reihen in verschiedenen Richtungen werden addiert; ein Stein am Kreuzungspunkt von zwei oder drei Reihen kann also viel einbringen. Fünfer, die dein Zug nicht berührt, zählen nie wieder.</p>
<h3>Einholen</h3>
<ol>
<li>Alle Steine deiner Angeln werden vom Brett genommen.</li>
<li>Du bekommst einen Punkt pro Angel.</li>
<li>Hast du damit 10 oder mehr Punkte, gewinnst du sofort.</li>
<li>Sonst wählst du einen gegnerischen Stein, der an seinem Platz deine Farbe annimmt.</li>
<li>Vervollständigt dieser umgefärbte Stein eine eigene Fünf, darfst du erneut einholen; das kann sich beliebig oft fortsetzen.</li>
</ol>
<p>In der App: Sobald du eine Angel gebildet hast, leuchten ihre Steine auf. Klicke einen weißen Stein an, um das Einholen abzuschließen. Mit <b>Später einholen</b> bleiben die Steine liegen und dein Zug endet; eine abgelehnte Fünf meldet sich nicht von selbst wieder. Ein Klick auf einen freien Punkt oder einen eigenen Stein bewirkt währenddessen nichts. Der Computer holt immer sofort ein, und die App zeigt, welche Steine verschwunden sind und welcher Stein die Farbe gewechselt hat.</p>
<h3>Ende der Partie</h3>
<p>Wer zuerst 10 Punkte hat, gewinnt. Ist vorher das Brett voll, gewinnt, wer mehr Punkte hat; bei Gleichstand ist es remis. Zurücknehmen gibt es in diesem Spiel nicht; mit „Neues Spiel“ fängst du von vorn an.</p>
<h3>Computerstufen</h3>
<p>Leicht spielt schnell und locker, Normal rechnet einige Züge voraus und wehrt deine Drohungen ab, Schwer rechnet tief und steuert direkt auf 10 Punkte zu. Die Stufe lässt sich während der Partie wechseln.</p>`,
  },
};

/** The rules page of a game as HTML (our own static text). */
export function rulesHtml(rules, lang) {
  const page = RULES[rules] || RULES.freestyle;
  return page[lang] || page.en;
}
