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
hadang-status-confirm-wall = Tap the wall again to place it
hadang-walls-left = { $count ->
        [one] 1 wall left
       *[other] { $count } walls left
    }
hadang-path-short = { $count } to go
hadang-action-paths = Paths


