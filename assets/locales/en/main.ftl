# Papan — English

app-name = Papan
home-lead = Board games for two, on one phone or against the bot.
home-games = Games
action-play = Play
action-back = Back
action-home = Home
action-start = Start game
action-new-game = New game
action-swap = Swap
action-undo = Undo
action-resign = Resign
action-rematch = Rematch
action-cancel = Cancel
action-dismiss = OK
coming-soon = Coming soon

game-hex = Hex
game-hex-tagline = Join your two edges before your opponent does.
game-hadang = HADANG
game-hadang-tagline = Race your pawn across; block with walls.
game-junqi = Jun Qi flip
game-junqi-tagline = Flip hidden pieces, take the flag.
game-backgammon = Backgammon
game-backgammon-tagline = Roll, race and bear off.

continue-hex = Continue Hex
continue-summary = { $size }×{ $size } · { $opponent } · { $moves } moves
save-corrupt = The saved game could not be read: { $reason }. A copy was kept, and you can start a new game.
no-game = There is no game in progress.

setup-size = Board size
size-hint-quick = Quick game. One tap places a stone.
size-hint-confirm = Tap once to preview, tap again to place.
setup-opponent = Opponent
opponent-human = Person on this device
opponent-beginner = Beginner bot
opponent-normal = Normal bot
opponent-expert = Expert bot
setup-starts = Who starts
starts-me = Me
starts-bot = Bot
starts-alternate = Take turns
starts-hint = Whoever starts plays Red and places the first stone.
setup-swap = Swap rule
swap-hint = After Red's first stone, Blue may take it over instead of playing.
setup-alternate = Alternate who starts in rematches
alternate-hint = The other player takes Red in the next game.
option-on = On
option-off = Off

board-label = Hex board, { $size } by { $size }
board-title = Red joins top and bottom, Blue joins left and right.
colour-red = Red
colour-blue = Blue
players-vs-bot = You: { $mine } · { $bot }: { $theirs }
players-hotseat = Red: top–bottom · Blue: left–right
status-your-turn = Your turn
status-your-turn-swap = Your turn: place or swap
status-bot-turn = Bot's turn
bot-thinking = Bot is thinking
status-red-to-move = Red to move
status-blue-to-move = Blue to move
status-over = Game over
estimate-pending = Your chance: …
estimate-label = Your chance: { $percent }%

toast-occupied = That cell is taken.
toast-wait-bot = Wait for the bot's move.
toast-game-over = The game is over.
toast-off-board = That is outside the board.
toast-illegal = That move is not allowed.
toast-swap-not-allowed = Swap is not possible now.

resign-title = Resign this game?
resign-body = Your opponent will be given the win.

result-you-win = You win!
result-bot-wins = The bot wins
result-red-wins = Red wins!
result-blue-wins = Blue wins!
reason-connection = A chain joined both edges.
reason-resignation = The other player resigned.
reason-you-resigned = You resigned.

settings-title = Settings
settings-language = Language
settings-theme = Theme
theme-system = Device
theme-light = Light
theme-dark = Dark
settings-play = Play
settings-sound = Sound
settings-estimate = Show bot's estimate
settings-estimate-hint = Shows your chance of winning as the bot sees it.
