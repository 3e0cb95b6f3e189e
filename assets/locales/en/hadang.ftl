# hadang screens (en). Keys start with "hadang-".
hadang-setup-lead = Race your pawn to the far side. On your turn, step once or place a wall.
hadang-starts-hint = Whoever starts is Player 1: starts on e1 and moves first.
hadang-setup-clock = Clock
hadang-clock-hint = Each clock runs only on its owner's turn. Running out loses.
hadang-clock-none = No clock
hadang-minutes = { $count } min
hadang-setup-increment = Added per move
hadang-increment-hint = Seconds added to your clock after each of your moves.
hadang-seconds = +{ $count } s

hadang-board-label = HADANG board, 9 by 9
hadang-board-title = Tap your pawn or a highlighted cell to move. Tap a groove to preview a wall, tap it again to place it.
hadang-you = You
hadang-player-1 = Player 1
hadang-player-2 = Player 2
hadang-p1-to-move = Player 1 to move
hadang-p2-to-move = Player 2 to move
hadang-status-confirm-wall = Tap the wall again to place it
hadang-walls-left = { $count } walls left
hadang-path-short = { $count } to go
hadang-path-label = Shortest path: { $count } steps
hadang-clock-label = Time left
hadang-action-paths = Paths

hadang-toast-game-over = The game is over.
hadang-toast-wait-bot = Wait for the bot's move.
hadang-toast-not-target = Tap your pawn or a highlighted cell.
hadang-refused-h10 = You have no walls left. Move your pawn.
hadang-refused-h11 = A wall must lie fully on the board.
hadang-refused-h12 = Walls can't overlap or cross.
hadang-refused-h13 = That wall would close the last path.
hadang-refused-other = That move is not allowed.

hadang-result-you-win = You win!
hadang-result-bot-wins = The bot wins
hadang-result-p1-wins = Player 1 wins!
hadang-result-p2-wins = Player 2 wins!
hadang-reason-goal = The pawn reached the far side.
hadang-reason-time = Time ran out.
hadang-reason-resignation = The other player resigned.
hadang-reason-you-resigned = You resigned.

hadang-continue = Continue HADANG
hadang-continue-summary = { $opponent } · { $moves } moves
