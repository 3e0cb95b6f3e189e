# Ang binabasa ng screen reader tungkol sa mga kahon ng board, at paglalaro gamit ang keyboard.
cell-empty = { $cell }, bakante
hex-cell-red = { $cell }, Pula
hex-cell-blue = { $cell }, Asul
cell-last-move = { $name }, huling tira
board-keys-hint = Lumipat ng kahon gamit ang mga arrow key; Enter o Space para tumira.
spot-selected = { $name }, napili
spot-target = { $name }, puwedeng puntahan
bg-bar-label = Bar, { $mine } sa iyo, { $theirs } sa kalaban
bg-off-label = Nailabas na, { $mine } sa iyo, { $theirs } sa kalaban
notices-label = Mga mensahe ng laro
hadang-cell-pawn = { $cell }, pawn ng { $who }
hadang-crossing = Salubungan sa kanang itaas ng { $cell }
junqi-post-facedown = { $cell }, nakataob na piyesa
junqi-post-piece = { $cell }, { $piece } na { $colour }
zoom-in = Palakihin ang board
zoom-out = Paliitin
# Binabasa nang malakas (issue 33): ang mga gilid ng kahon sa HADANG na may
# harang (gaya ng nakaguhit: hilaga ang itaas ng screen), at ang dice ng backgammon.
hadang-wall-north = { $name }, may harang sa hilaga
hadang-wall-east = { $name }, may harang sa silangan
hadang-wall-south = { $name }, may harang sa timog
hadang-wall-west = { $name }, may harang sa kanluran
bg-dice = Dice: { $high } at { $low }
bg-dice-double = Dice: dobleng { $face }
bg-dice-to-play = { $dice }; lalaruin pa: { $left }
bg-dice-all-played = { $dice }; nalaro na ang lahat
