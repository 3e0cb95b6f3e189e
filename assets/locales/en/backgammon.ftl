# backgammon screens (en). Keys start with "backgammon-".
backgammon-starts-hint = Each player rolls one die; the higher die starts and plays both numbers.
backgammon-board-label = Backgammon board
backgammon-point-label = Point { $point }, { $count ->
        [0] empty
        [one] 1 { $colour } checker
       *[other] { $count } { $colour } checkers
    }
backgammon-tap-to-roll = Tap to roll
backgammon-roll = Roll
backgammon-done = Done
backgammon-pass-ok = OK, pass
backgammon-white = White
backgammon-black = Black
backgammon-status-opening = Roll to see who starts
backgammon-status-your-roll = Your turn: roll the dice
backgammon-opening = Opening roll: White { $white }, Black { $black }. { $starter } starts.
backgammon-no-move = No legal move with this roll — your turn passes.
backgammon-no-move-other = No legal move with this roll — the turn passes.
backgammon-forced = Only one way to play this roll: it was played for you. Tap Done.
backgammon-toast-already-rolled = The dice are already rolled.
backgammon-toast-no-move = No checker can move. Tap OK to pass.
backgammon-toast-tap-done = All dice are played. Tap Done.
backgammon-toast-not-movable = That checker cannot move with these dice.
