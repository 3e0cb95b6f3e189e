# Papan — Filipino

app-name = Papan
home-lead = Mga board game para sa dalawa, sa iisang telepono o laban sa CPU.
home-games = Mga laro
action-play = Maglaro
action-back = Bumalik
action-home = Home
action-start = Simulan ang laro
action-new-game = Bagong laro
action-swap = Magpalit
action-undo = Bawiin
action-resign = Sumuko
action-rematch = Maglaro muli
action-cancel = Kanselahin
action-dismiss = Sige
coming-soon = Malapit na

game-hex = Hex
game-hex-tagline = Pagdugtungin ang dalawa mong gilid bago ang kalaban.
game-hadang = HADANG
game-hadang-tagline = Paunahan sa kabila; harangan gamit ang pader.
game-junqi = Jun Qi flip
game-junqi-tagline = Buksan ang nakatagong piyesa, agawin ang bandila.
game-backgammon = Backgammon
game-backgammon-tagline = Ihagis ang dice, makipagkarera, ilabas ang piyesa.

continue-hex = Ituloy ang Hex
continue-summary = { $size }×{ $size } · { $opponent } · { $moves } tira
save-corrupt = Hindi mabasa ang naka-save na laro: { $reason }. May itinabing kopya, at puwede kang magsimula ng bagong laro.
no-game = Walang larong kasalukuyang nilalaro.

setup-size = Laki ng board
size-hint-quick = Mabilis na laro. Isang tap lang para maglagay.
size-hint-confirm = Mag-tap para makita, mag-tap ulit para ilagay.
setup-opponent = Kalaban
opponent-human = Tao sa device na ito
opponent-beginner = CPU na baguhan
opponent-normal = Karaniwang CPU
opponent-expert = Ekspertong CPU
setup-starts = Sino ang mauuna
starts-me = Ako
starts-bot = CPU
starts-alternate = Salitan
starts-hint = Pula ang nauuna at siya ang naglalagay ng unang bato.
setup-swap = Patakaran ng pagpapalit
swap-hint = Pagkatapos ng unang bato ng Pula, puwedeng angkinin ito ng Asul sa halip na maglagay.
setup-alternate = Salitan ang nauuna sa muling paglalaro
alternate-hint = Ang kabilang manlalaro ang magiging Pula sa susunod na laro.
option-on = Naka-on
option-off = Naka-off

board-label = Board ng Hex, { $size } por { $size }
board-title = Pinagdudugtong ng Pula ang itaas at ibaba, ng Asul ang kaliwa at kanan.
colour-red = Pula
colour-blue = Asul
players-vs-bot = Ikaw: { $mine } · { $bot }: { $theirs }
players-hotseat = Pula: itaas–ibaba · Asul: kaliwa–kanan
status-your-turn = Ikaw na
status-your-turn-swap = Ikaw na: maglagay o magpalit
status-bot-turn = Turno ng CPU
bot-thinking = Nag-iisip ang CPU
status-red-to-move = Turno ng Pula
status-blue-to-move = Turno ng Asul
status-over = Tapos na ang laro
estimate-pending = Tsansa mo: …
estimate-label = Tsansa mo: { $percent }%

toast-occupied = May bato na sa square na iyan.
toast-wait-bot = Hintayin ang tira ng CPU.
toast-game-over = Tapos na ang laro.
toast-off-board = Nasa labas iyan ng board.
toast-illegal = Hindi puwede ang tirang iyan.
toast-swap-not-allowed = Hindi puwedeng magpalit ngayon.

resign-title = Susuko ka na ba?
resign-body = Mapupunta sa kalaban ang panalo.

result-you-win = Panalo ka!
result-bot-wins = Panalo ang CPU
result-red-wins = Panalo ang Pula!
result-blue-wins = Panalo ang Asul!
reason-connection = Nadugtong ng isang hanay ang dalawang gilid.
reason-resignation = Sumuko ang kabilang manlalaro.
reason-you-resigned = Sumuko ka.

settings-title = Mga setting
settings-language = Wika
settings-theme = Tema
theme-system = Gaya ng device
theme-light = Maliwanag
theme-dark = Madilim
settings-play = Paglalaro
settings-sound = Tunog
settings-estimate = Ipakita ang tantiya ng CPU
settings-estimate-hint = Ipinapakita ang tsansa mong manalo ayon sa CPU.
