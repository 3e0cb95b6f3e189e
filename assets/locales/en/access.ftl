# What a screen reader says about board cells, and how to play by keyboard.
hex-cell-empty = { $cell }, empty
hex-cell-red = { $cell }, Red
hex-cell-blue = { $cell }, Blue
cell-last-move = { $name }, last move
board-keys-hint = Arrow keys move between cells; Enter or Space plays.
