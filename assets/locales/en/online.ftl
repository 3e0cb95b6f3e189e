# Online play through the room server.
online-title = Play online
online-play = Play online
online-no-game = No online game on this device.
online-connecting = Connecting…
online-reconnecting = Reconnecting…
online-live = Online
online-offline = Offline
online-lost = This game is no longer available: { $reason }
online-leave = Leave
online-opponent-away = away
online-opponent-back = Your opponent is back.
online-auto-moved = Your time ran out: a move was made for you.
online-opponent-bot = bot playing
online-waiting = Waiting for an opponent…
online-matching = Looking for an opponent…
online-matching-hint = You will play the first player who asks for the same game.
online-share-code = Share this code with your friend:
online-copy-code = Copy the room code
online-sending = Sending…
online-bot-turn = The bot plays for your opponent
online-bot-plays-you = You were away too long: the bot plays your side.
online-their-turn = Opponent's turn
online-wait-server = Waiting for the server's answer…
toast-wait-opponent = Wait for your opponent's move.
online-refused = The server refused: { $reason }
online-stale = The game moved on before your move arrived. Look again and retry.
online-send-failed = Your move could not be sent. Check your connection and try again.
online-room-closed = The room is closed.
online-fair-junqi = Fair game: the hidden layout matches what the server committed to before the first move.
online-fair-dice = Fair dice: every roll matches what the server committed to before the first roll.
online-fair-failed = Fairness check FAILED: { $reason }
online-fair-checking = Checking the server's commitment…
online-rating = Your rating: { $rating } ± { $deviation }
online-rating-provisional = Your rating: { $rating } ± { $deviation } (provisional)
online-rematch-offered = Your opponent wants a rematch.
online-rematch-asked = Rematch asked…
online-leave-title = Leave this game?
online-leave-body = Leaving during a game counts as a loss, and the room closes.
online-leave-body-junqi = Leaving a Jun Qi game loses it at once (rule J20), and the room closes.
online-board-error = This position could not be shown.
online-server-empty = Enter the server's address.
online-server-scheme = The address must start with http:// or https://.
online-server-host = The address has no valid host name.
online-code-length = A room code has 6 characters.
online-code-chars = A room code uses only letters and the digits 2–9.
online-code-unknown = No room has this code.
online-room-full = This room is already full.
online-rate-limited = Too many requests. Wait a moment and try again.
online-unreachable = Cannot reach the server at { $server }. Check your connection or the address in Settings.
online-return = Return to your online game
online-return-hint = Your seat is kept for you.
online-server-line = Server: { $server }
online-change = Change
online-turn-limit = Time per move
online-turn-limit-hint = When time runs out, the server's bot moves for you.
online-seconds = { $seconds } s
online-no-limit = None
online-clock = Clock
online-clock-hint = Minutes each + seconds added per move.
online-junqi-limit = Online Jun Qi gives 30 seconds per move; leaving loses the game.
online-ranked = Ranked
online-ranked-hint = Ranked games change your rating.
online-join-title = Join with a code
online-join = Join
online-quick-match = Quick match
online-create = Create a room
online-server-saved = Saved: { $server }
settings-server = Room server
settings-server-hint = Online games are played through this server. For several nodes of one server, separate their addresses with commas: when one stops answering, the next is used.
settings-server-reset = Use the default
action-save = Save

# Invite a friend: links, QR code, the join screen, recent opponents (issue 34)
invite-title = Invite a friend
invite-hint = Opens a room with these options and gives you a link and a QR code to send.
invite-my-name = Your name (shown to your friend)
invite-friend-name = Friend's name (optional)
invite-button = Invite a friend
invite-send = Send this link to your friend, or let them scan the code:
invite-send-to = Send this link to { $friend }, or let them scan the code:
invite-qr = QR code of the invitation link
invite-share = Share
invite-copy = Copy link
invite-copied = Link copied.
invite-copy-failed = Could not copy: hold the link above to copy it.
invite-share-text = Play { $game } with me on Papan! Tap the link to join:
invite-share-text-to = { $friend }, play { $game } with me on Papan! Tap the link to join:
invite-bad-link = This invitation link is not complete or not valid. Ask your friend to send it again.
invite-expired = This room has closed. Ask your friend for a new invitation.
invite-join-title = Invitation
invite-from = Invitation from { $name }
invite-from-someone = A friend invites you
invite-to-play = to play { $game }
invite-code-line = Room { $code }
invite-join = Join the game
invite-home = Go to the home screen
invite-unfinished = You already have an online game of this kind in progress. Finish or leave it first.
invite-no-clock = No clock
invite-per-move = { $seconds } s per move
invite-fischer = { $minutes } min each + { $increment } s per move
recent-title = Recent opponents
recent-hint = Tap someone to invite them again with the same options.
recent-unnamed = Opponent (no name)
recent-invite = Invite
recent-today = today
recent-yesterday = yesterday
recent-days-ago = { $days ->
    [one] { $days } day ago
   *[other] { $days } days ago
}
recent-unreadable = Your recent opponents could not be read: { $reason }

# Correspondence rooms and vacation
online-correspondence = Correspondence
online-correspondence-hint = Days per move instead of a live clock. The server counts calendar days; running out loses.
online-live-clock = Live
online-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
online-vacation = Vacation
online-vacation-left = Vacation left this month: { $days ->
    [one] { $days } day
   *[other] { $days } days
}.
online-vacation-on = On vacation, { $days ->
    [one] { $days } day
   *[other] { $days } days
} left: your correspondence clocks are stopped.
online-vacation-end = Back now
online-opponent-vacation = on vacation
clock-days-hours = { $days } d { $hours } h
clock-hours-minutes = { $hours } h { $minutes } m
invite-days-per-move = Correspondence, { $days ->
    [one] { $days } day
   *[other] { $days } days
} per move

# Home: your games in one list (games-list)
open-games-heading = Your games
open-games-count = Your move ({ $count })
open-games-closed = Room closed
open-games-left = { $time } left
open-games-last = Last: { $move }

# Moving the online games to another phone (screens/transfer.rs)
transfer-field = Another phone
transfer-field-hint = Your games in progress, your ratings and your correspondence games go with a one-time code; this phone then stops playing them.
transfer-send = Move my games to another phone
transfer-receive = Receive games from another phone
transfer-title = Move my games
transfer-send-hint = On the new phone, open the link or scan the QR code, or type the code under Settings → Receive games. It works once.
transfer-qr = QR code of the transfer link
transfer-left = Valid for { $time }
transfer-seats = { $count ->
    [one] { $count } online game goes with it.
   *[other] { $count } online games go with it.
}
transfer-code-expired = This code has expired. Make a new one.
transfer-new-code = New code
transfer-receive-title = Receive games
transfer-receive-hint = The games, ratings and correspondence games of the phone that made this code move to this phone. The other phone stops playing them.
transfer-claim = Move the games to this phone
transfer-cancel = Not now
transfer-arrived = { $count ->
    [one] { $count } game arrived. Tap it to play on.
   *[other] { $count } games arrived. Tap one to play on.
}
transfer-other-code = Type another code
transfer-enter-hint = Type the code shown on the old phone under Settings → Move my games.
transfer-enter-label = Transfer code
transfer-go = Next
transfer-malformed = A transfer code has 12 letters and digits, like ABCD-2345-WXYZ. Check it and try again.
transfer-unknown = No transfer code like this one. Check it, or make a new one on the old phone.
transfer-used = This code was already used: a code moves the games only once.
transfer-expired = This code has expired (codes last 15 minutes). Make a new one on the old phone.
transfer-too-many = Too many wrong codes. Wait a minute, then check the code.
transfer-own = This is this phone's own code: type it on the other phone.
transfer-has-games = This phone has online games of its own. Finish or leave them before receiving games.
transfer-moved-here = This phone's games were moved to another phone. Play them there.
transfer-moved-short = Moved
transfer-moved-line = Moved to another phone
transfer-forget = Remove from this phone
