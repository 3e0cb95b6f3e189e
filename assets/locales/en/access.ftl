# What a screen reader says about board cells, and how to play by keyboard.
cell-empty = { $cell }, empty
hex-cell-red = { $cell }, Red
hex-cell-blue = { $cell }, Blue
cell-last-move = { $name }, last move
board-keys-hint = Arrow keys move between cells; Enter or Space plays.
spot-selected = { $name }, selected
spot-target = { $name }, you can move here
bg-bar-label = Bar, { $mine } of yours, { $theirs } of the opponent's
bg-off-label = Borne off, { $mine } of yours, { $theirs } of the opponent's
notices-label = Game messages
hadang-cell-pawn = { $cell }, { $who }'s pawn
hadang-crossing = Crossing right of and above { $cell }
junqi-post-facedown = { $cell }, face-down piece
junqi-post-piece = { $cell }, { $colour } { $piece }
zoom-in = Zoom in on the board
zoom-out = Zoom out
# Read aloud (issue 33): the sides of a HADANG cell a wall closes (as drawn:
# north is the top of the screen), and the backgammon dice.
hadang-wall-north = { $name }, wall to the north
hadang-wall-east = { $name }, wall to the east
hadang-wall-south = { $name }, wall to the south
hadang-wall-west = { $name }, wall to the west
bg-dice = Dice: { $high } and { $low }
bg-dice-double = Dice: double { $face }
bg-dice-to-play = { $dice }; still to play: { $left }
bg-dice-all-played = { $dice }; all played
