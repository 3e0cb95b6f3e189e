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
hadang-board-title = Tap your pawn or a highlighted cell to move. For a wall, press Wall, tap a groove crossing, rotate if needed, then Place.
hadang-status-confirm-wall = Place it, rotate it, or pick another crossing
hadang-status-pick-crossing = Tap where two grooves cross
hadang-walls-left = { $count ->
        [one] 1 wall left
       *[other] { $count } walls left
    }
hadang-path-short = { $count } to go
hadang-action-paths = Paths
hadang-path-preview = { $before } → { $count } to go
hadang-action-wall = Wall
hadang-action-rotate = Rotate
hadang-action-place = Place wall


