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

game-hex = Hex
game-hex-tagline = Join your two edges before your opponent does.
game-hadang = HADANG
game-hadang-tagline = Race your pawn across; block with walls.
game-junqi = Jun Qi flip
game-junqi-tagline = Flip hidden pieces, take the flag.
game-backgammon = Backgammon
game-backgammon-tagline = Roll, race and bear off.

save-corrupt = The saved game could not be read: { $reason }. A copy was kept, and you can start a new game.
settings-corrupt = Your settings could not be read: { $reason }. A copy was kept, and the default settings are in use.
progress-corrupt = Your lesson progress could not be read: { $reason }. A copy was kept, and your lessons start afresh.
stored-corrupt = Something saved on this device could not be read: { $reason }. A copy was kept.
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
status-your-turn = Your turn
status-your-turn-swap = Your turn: place or swap
status-bot-turn = Bot's turn
bot-thinking = Bot is thinking
status-over = Game over
estimate-pending = Your chance: …
estimate-label = Your chance: { $percent }%

toast-wait-bot = Wait for the bot's move.
toast-game-over = The game is over.
toast-illegal = That move is not allowed.

resign-title = Resign this game?
resign-body = Your opponent will be given the win.

result-you-win = You win!
result-bot-wins = The bot wins
reason-connection = A chain joined both edges.
reason-you-resigned = You resigned.

settings-title = Settings
settings-language = Language
settings-language-unavailable = This language could not be loaded: you are offline and it is not saved on this device yet. Connect once and try again.
settings-theme = Theme
theme-system = Device
theme-light = Light
theme-dark = Dark
settings-play = Play
settings-sound = Sound
settings-estimate = Show bot's estimate
settings-estimate-hint = Shows your chance of winning as the bot sees it.
settings-board = Board display
settings-coordinates = Coordinates and point numbers
settings-shape-marks = Shapes as well as colours
settings-shape-marks-hint = Red's pieces, stones and walls get a dashed outline, so red and blue never need telling apart by colour.

# The play screen, shared by every game
you = You
opponent = Opponent
player-1 = Player 1
player-2 = Player 2
continue-game = Continue { $game }
setup-replaces = Starting a new game replaces this one.
setup-replace-title = Replace your unfinished game?
setup-replace-body = Your unfinished { $game } game will be deleted and a new one starts.
setup-replace-keep = Keep it
setup-replace-confirm = Start new game
status-side-to-move = { $side } to move
clock-label = Time left
result-side-wins = { $side } wins!
result-draw = Draw
result-you-lose = You lost
result-points = Points: { $points }
reason-they-resigned = Your opponent resigned.
reason-side-resigned = { $side } resigned.
reason-your-time = You ran out of time.
reason-their-time = Your opponent ran out of time.
reason-side-time = { $side } ran out of time.
reason-you-left = You left the game.
reason-they-left = Your opponent left the game.
reason-side-left = { $side } left the game.
backgammon-pip-count = { $pips ->
        [one] 1 pip
       *[other] { $pips } pips
    }
junqi-colour-pending = No colour yet
tutorial-read-first = Read this step, then tap Next.
reason-goal = The pawn reached the far side.
reason-flag = The flag was taken.
reason-no-action = The loser had no legal move on their turn.
reason-no-movable = The loser has no piece left that can move.
reason-both-stuck = Neither side has a piece left that can move.
reason-quiet = 60 moves in a row without a reveal or a battle.
reason-single = All checkers borne off: a single game.
reason-gammon = Gammon: the loser bore off no checker.
reason-backgammon = Backgammon: the loser still had a checker on the bar or in the winner's home board.
continue-summary = { $opponent } · { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }
not-found = This page does not exist.

# Refusals with their own ids (rule-ids helper): a move or roll out of turn
toast-not-your-turn = It is not your turn.
toast-no-roll-due = No roll is due now.

# Confirm moves and the tutor (tutor helper)
settings-confirm-moves = Confirm moves
settings-confirm-moves-hint = Every game, online too: a move is shown first and played only when you tap Confirm. In backgammon, the whole turn is confirmed at Done.
settings-tutor = Tutor
settings-tutor-hint = Against the bot only: before a move that throws away much of your chance, the tutor asks if you are sure.
action-confirm = Confirm
confirm-notice = Check the move, then tap Confirm.
confirm-nothing-held = There is no move to confirm.
tutor-checking = The tutor is checking your move…
tutor-title = Are you sure?
tutor-body-chance = This move lowers your chance of winning by about { $points ->
        [one] 1 point
       *[other] { $points } points
    } out of 100.
tutor-body-equity = This play gives away about { $equity } equity against the best play.
tutor-play = Play it anyway
tutor-take-back = Take it back
tutor-hint = Show a hint

# Puzzles (puzzle-app helper)
puzzles-title = Puzzles
puzzles-sub = Find the winning move: a daily puzzle, a rating per game.
puzzles-daily = Daily puzzle
puzzles-daily-game = Today: { $game }
puzzles-daily-solved = Solved today
puzzles-daily-tried = Tried today: back tomorrow
puzzles-streak = { $count ->
        [one] 1 day in a row
       *[other] { $count } days in a row
    }
puzzles-streak-best = Best: { $count }
puzzles-rating = Rating { $rating }
puzzles-solved-count = { $count } solved
puzzles-none = No puzzles for this game yet.
puzzles-loading = Loading puzzles…
puzzles-load-failed = The puzzles could not be loaded: { $reason }
puzzles-theme = Theme
puzzles-theme-all = All
puzzle-theme-block = Block
puzzle-theme-edge-template = Edge template
puzzle-theme-bridge = Bridge
puzzle-theme-connect = Connect
puzzle-theme-wall-lengthens-path = Longer route
puzzle-theme-wall-ahead = Wall ahead
puzzle-theme-race = Race
puzzle-find = Find the best move for { $side }.
puzzle-correct = Correct!
puzzle-wrong = Not this one.
puzzle-retry = Try again
puzzle-show = Show solution
puzzle-solution = The answer is { $move }.
puzzle-next = Next puzzle
puzzle-rating-change = Rating { $rating } ({ $change })
puzzle-unrated = Only the first try counts for the rating.
puzzle-why-hex-connect = This keeps a connection through { $cells } that { $opponent } cannot break.
puzzle-why-hex-joined = This joins your two edges: { $opponent } cannot stop it.
puzzle-why-hex-block = It also stands in the way of every threat by { $opponent }.
puzzle-why-hadang-wall = Your wall makes their route { $after } instead of { $before }, while yours is { $mine }.
puzzle-why-hadang-race = Your route is now { $mine } against their { $theirs }. Walls in hand: yours { $walls }, theirs { $theirwalls }. This wins the race by force.
puzzle-wrong-hex-loses = After { $cell }, you can no longer stop { $opponent } from connecting.
puzzle-wrong-hex-unproven = With { $cell } your connection is not sure: { $opponent } can still cut through.
puzzle-wrong-hadang = After this your route is { $mine } and theirs { $theirs }: they can still win the race.
puzzle-wrong-generic = This move does not force the win.
puzzle-theme-flag = Flag
puzzle-theme-last-piece = Last piece
puzzle-theme-bomb = Bomb
puzzle-theme-mine = Landmine
puzzle-theme-safe-capture = Safe capture
puzzle-theme-capture = Capture
puzzle-theme-bear-off = Bear off
puzzle-theme-hit = Hit
puzzle-theme-prime = Prime
puzzle-theme-make-point = Make a point
puzzle-theme-safe-play = Safe play
puzzle-theme-run = Run
puzzle-theme-positional = Positional
puzzle-why-junqi-win = With your { $piece } you win the game.
puzzle-why-junqi-gain = With your { $piece } you take { $captured } and stay ahead by { $gain } after the best reply; no other action gets more than { $second }.
puzzle-wrong-junqi = The best reply holds { $move } to a gain of { $gain }, against { $best } for the answer.
puzzle-why-backgammon = This play leaves the opponent { $shots } of 36 rolls that hit, and leads the next best ({ $second }) by { $lead } equity.
puzzle-wrong-backgammon = The next best play is { $move }: it leaves the opponent { $shots } of 36 rolls that hit and is { $lead } equity behind.

# Your mistakes to try again (the deck)
mistakes-title = Your mistakes
mistakes-due = { $count ->
    [0] Nothing to try today
    [one] 1 position to try today
   *[other] { $count } positions to try today
}
mistakes-counts = Today { $due } · later { $later } · learned { $learned }
mistakes-none-due = Nothing to try again today.
mistakes-how = Review a finished game: your moves marked ? or ?? come here, and come back until you find a good move.
mistake-prompt = You played { $move } here. Find a better move.
mistake-judging = The Expert is looking at your move…
mistake-good = Good move!
mistake-not-yet = Not yet.
mistake-comes-back = This position comes back tomorrow.
mistake-why-expert = That is the Expert's own move.
mistake-why-chance = With { $move } your chance to win is { $mine }%; with the Expert's { $best } it is { $theirs }%.
mistake-why-equity = With { $move } you give up { $millipoints ->
    [one] 1 millipoint
   *[other] { $millipoints } millipoints
} against the Expert's { $best }.
mistake-best = The Expert plays { $move }.
mistake-next = Next mistake
mistake-done = Done
review-try-again = Try again
# Puzzles from your own games
puzzles-own-scanning = Looking for puzzles in your games… ({ $done } of { $count })
puzzles-own-count = { $count ->
    [0] No puzzles from your games yet
    [one] 1 puzzle from your games
   *[other] { $count } puzzles from your games
}
puzzles-own-how = Finish games of Hex, HADANG or Jun Qi: the positions where one move wins become puzzles here.
puzzle-theme-yours = From your games
puzzle-from-your-game = From your game

# Later text (lessons, rules pages) that could not be fetched
text-unavailable = This page could not be loaded: { $reason }. Connect once and try again.

# Settings: notifications (Web Push)
settings-notify = Notifications
settings-notify-your-move = When it is my move (correspondence)
settings-notify-invite = When a friend joins my room
settings-notify-ended = When a correspondence game ends
settings-notify-time-low = When a fifth of my time is left
settings-notify-hint = Sent by the room server to this phone, even with Papan closed. At most 12 an hour.
settings-notify-unsupported = This browser cannot show notifications from Papan. Install the web app, or use another browser.
settings-notify-denied = Notifications are blocked for Papan. Allow them in the browser's site settings, then try again.
settings-notify-failed = The room server could not be reached. Try again when you are online.
settings-notify-browser-failed = This browser could not sign up for notifications: its push service did not answer. Try again later.
screen-load-failed = This screen could not be loaded: you are offline and it is not saved on this device yet. Connect to the internet, then tap Try again.
screen-load-retry = Try again
