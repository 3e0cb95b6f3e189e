# The move log, looking back, hints, review and finished games.
log-label = Moves
log-empty = No moves yet
log-viewing = Move { $move } (of { $moves })
log-viewing-start = The starting position
log-previous = Previous move
log-next = Next move
log-live = Back to the game
log-toast-looking-back = You are looking at an earlier position. Tap "Back to the game" to play.
action-hint = Hint
hint-thinking = The Expert is looking for a move…
hint-notice = Hint: { $move } · your chance { $percent }%
hints-used = Hints used: { $count }
action-review = Review
review-title = Review
review-missing = This game is no longer kept on this device.
review-unreadable = This game cannot be read: { $reason }
review-progress = Analysing { $done }/{ $total }
review-stop = Stop
review-pick = Tap a move in the list or on the graph to see it on the board.
review-no-moves = No move was played in this game.
review-better = better: { $move }
review-show-better = Better move
review-show-played = Move played
review-worst = Show the worst mistake
review-no-errors = no errors
review-error-rate = error rate { $rate } mp per move
review-graph-label = Your winning chance across the game
mark-forced = forced
mark-best = best
mark-good = good
mark-inaccuracy = inaccuracy
mark-mistake = mistake
mark-blunder = blunder
mark-doubtful = doubtful
mark-bad = bad
mark-very-bad = very bad
finished-title = Finished games
finished-sub = { $count } kept on this device · review, export
finished-empty = No finished games yet. Games you finish appear here.
finished-corrupt = The list of finished games could not be read and was set aside: { $reason }
finished-won = { $who } won
finished-draw = Draw
finished-unfinished = Not finished
finished-meta = Opponent: { $opponent } · { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }
review-count-inaccuracy = { $count ->
        [one] 1 inaccuracy
       *[other] { $count } inaccuracies
    }
review-count-mistake = { $count ->
        [one] 1 mistake
       *[other] { $count } mistakes
    }
review-count-blunder = { $count ->
        [one] 1 blunder
       *[other] { $count } blunders
    }
review-count-doubtful = { $count ->
        [one] 1 doubtful move
       *[other] { $count } doubtful moves
    }
review-count-bad = { $count ->
        [one] 1 bad move
       *[other] { $count } bad moves
    }
review-count-very-bad = { $count ->
        [one] 1 very bad move
       *[other] { $count } very bad moves
    }
export-open = Export
export-title = Export this game
export-copy = Copy
export-download = Save file
import-title = Import a game
import-help = Paste a game exported from Papan, a HexGui SGF file or a GNU Backgammon .mat file.
import-game = Game
import-text = Game text
import-go = Import and review
import-refused = This text cannot be read: { $reason }
rules-title = Rules
rules-lead = Every rule has an id. When a move is refused, the message names the rule; tap the id to read it here.
rules-open = Read the rules
log-last-move = { $who }: { $move }
# Review: step bar, graph axes, Jun Qi's view switch; finished list dates and imports (issue 33).
review-steps = Step through the game
review-step-first = To the start
review-step-last = To the end
review-graph-title = Winning chance: { $who }
review-view-label = Show
review-view-seat = What { $who } knew
review-view-you = What you knew
review-view-all = Everything
finished-date = { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
       *[12] Dec
    } { $year }, { $time }
finished-imported-meta = Imported · { $first } vs { $second } · { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }
finished-imported-unfinished = Imported, not finished
# Imports: match files with several games, cube actions left aside (issue 36).
import-match-games = { $count ->
        [one] This match file holds 1 game. Open it:
       *[other] This match file holds { $count } games. Open one:
    }
import-match-game = Game { $number } (score { $first }–{ $second })
import-match-cube = { $count ->
        [one] 1 cube action left aside
       *[other] { $count } cube actions left aside
    }
import-match-open = Open
review-left-aside = Papan plays without the doubling cube; the file's cube actions are left aside: { $actions }.
review-file-points = { $points ->
        [one] The file scores this game 1 point; the points here are counted on the board alone.
       *[other] The file scores this game { $points } points; the points here are counted on the board alone.
    }
export-hint-gnubg = In GNU Backgammon, type "set jacoby off" before importing this file, so that a gammon counts 2 points and a backgammon 3, as here.
# Backgammon review: rating words, luck; the dice page (bg-analysis, issue 35).
rating-supernatural = Supernatural
rating-world-class = World class
rating-expert = Expert
rating-advanced = Advanced
rating-intermediate = Intermediate
rating-casual = Casual player
rating-beginner = Beginner
rating-awful = Awful
luck-lucky = lucky
luck-even = average dice
luck-unlucky = unlucky
review-luck = luck { $luck } mp over { $rolls ->
        [one] 1 roll
       *[other] { $rolls } rolls
    } · { $fortune }
dice-open = Your dice against fair dice
dice-title = Dice
dice-lead = Every roll of the { $games } backgammon games kept on this device, against fair dice.
dice-empty = No backgammon rolls yet: finish a game and its dice are counted here.
dice-you = You
dice-bots = Bots
dice-online = People online
dice-guest = Second player on this device
dice-rolls = { $count ->
        [one] 1 roll
       *[other] { $count } rolls
    }
dice-what = Measure
dice-seen = Seen (95% interval)
dice-fair = Fair dice
dice-doubles = Doubles
dice-pips = Pips per roll
dice-face = Face { $face }
dice-commitment = Online games: before the first roll, the server commits to the secret seed that draws every roll (its SHA-256 hash) and reveals the seed when the game ends. Papan replays every roll from it and says "Fair dice" on the result card: once the game starts, the server cannot change a single roll.
dice-commitment-link = How the dice are rolled (rule B5)
dice-note = Opening rolls are left out (a double is rolled again there), and so are imported games. The true share lies inside its interval 19 times in 20: even fair dice fall outside about one row in twenty.
