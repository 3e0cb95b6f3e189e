# Ang binabasa ng screen reader tungkol sa mga kahon ng board, at paglalaro gamit ang keyboard.
hex-cell-empty = { $cell }, bakante
hex-cell-red = { $cell }, Pula
hex-cell-blue = { $cell }, Asul
cell-last-move = { $name }, huling tira
board-keys-hint = Lumipat ng kahon gamit ang mga arrow key; Enter o Space para tumira.
