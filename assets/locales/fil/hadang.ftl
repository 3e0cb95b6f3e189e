# hadang screens (fil). Keys start with "hadang-".
hadang-setup-lead = Dalhin ang pawn mo sa kabilang dulo. Sa turn mo, humakbang nang isa o maglagay ng harang.
hadang-starts-hint = Ang mauuna ay Player 1: nagsisimula sa e1 at unang titira.
hadang-setup-clock = Orasan
hadang-clock-hint = Tumatakbo lang ang orasan ng bawat isa sa sarili niyang turn. Talo ang maubusan ng oras.
hadang-clock-none = Walang orasan
hadang-minutes = { $count } min
hadang-setup-increment = Dagdag bawat tira
hadang-increment-hint = Segundong idinadagdag sa orasan mo pagkatapos ng bawat tira mo.
hadang-seconds = +{ $count } seg

hadang-board-label = Board ng HADANG, 9 por 9
hadang-board-title = I-tap ang pawn mo o ang naka-highlight na kahon para gumalaw. I-tap ang uka para makita ang harang, i-tap ulit para ilagay.
hadang-you = Ikaw
hadang-player-1 = Player 1
hadang-player-2 = Player 2
hadang-p1-to-move = Turn ng Player 1
hadang-p2-to-move = Turn ng Player 2
hadang-status-confirm-wall = I-tap ulit ang harang para ilagay
hadang-walls-left = { $count } harang pa
hadang-path-short = { $count } pa
hadang-path-label = Pinakamaikling daan: { $count } hakbang
hadang-clock-label = Natitirang oras
hadang-action-paths = Daan

hadang-toast-game-over = Tapos na ang laro.
hadang-toast-wait-bot = Hintayin ang tira ng bot.
hadang-toast-not-target = I-tap ang pawn mo o ang naka-highlight na kahon.
hadang-refused-h10 = Wala ka nang harang. Igalaw ang pawn mo.
hadang-refused-h11 = Dapat buong nasa loob ng board ang harang.
hadang-refused-h12 = Hindi puwedeng magpatong o magkrus ang mga harang.
hadang-refused-h13 = Isasara ng harang na iyan ang huling daan.
hadang-refused-other = Hindi puwede ang tirang iyan.

hadang-result-you-win = Panalo ka!
hadang-result-bot-wins = Panalo ang bot
hadang-result-p1-wins = Panalo ang Player 1!
hadang-result-p2-wins = Panalo ang Player 2!
hadang-reason-goal = Nakarating ang pawn sa kabilang dulo.
hadang-reason-time = Naubos ang oras.
hadang-reason-resignation = Sumuko ang kalaban.
hadang-reason-you-resigned = Sumuko ka.

hadang-continue = Ituloy ang HADANG
hadang-continue-summary = { $opponent } · { $moves } tira
