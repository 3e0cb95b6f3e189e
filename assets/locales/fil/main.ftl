# Papan — Filipino

app-name = Papan
home-lead = Mga board game para sa dalawa, sa iisang telepono o laban sa bot.
home-games = Mga laro
action-play = Maglaro
action-back = Bumalik
action-home = Simula
action-start = Simulan ang laro
action-new-game = Bagong laro
action-swap = Magpalit
action-undo = Bawiin
action-resign = Sumuko
action-rematch = Maglaro muli
action-cancel = Kanselahin
action-dismiss = Sige

game-hex = Hex
game-hex-tagline = Pagdugtungin ang dalawa mong gilid bago ang kalaban.
game-hadang = HADANG
game-hadang-tagline = Paunahan sa kabila; harangan gamit ang pader.
game-junqi = Jun Qi baligtaran
game-junqi-tagline = Buksan ang nakatagong piyesa, agawin ang bandila.
game-backgammon = Backgammon
game-backgammon-tagline = Ihagis ang dice, makipagkarera, ilabas ang piyesa.

save-corrupt = Hindi mabasa ang naka-save na laro: { $reason }. May itinabing kopya, at puwede kang magsimula ng bagong laro.
settings-corrupt = Hindi mabasa ang iyong mga setting: { $reason }. May itinabing kopya, at ang mga default na setting ang gamit ngayon.
progress-corrupt = Hindi mabasa ang iyong progreso sa mga aralin: { $reason }. May itinabing kopya, at magsisimula ulit ang mga aralin.
stored-corrupt = May naka-save sa device na ito na hindi mabasa: { $reason }. May itinabing kopya.
no-game = Walang larong kasalukuyang nilalaro.

setup-size = Laki ng board
size-hint-quick = Mabilis na laro. Isang tap lang para maglagay.
size-hint-confirm = Mag-tap para makita, mag-tap ulit para ilagay.
setup-opponent = Kalaban
opponent-human = Tao sa device na ito
opponent-beginner = Baguhang bot
opponent-normal = Karaniwang bot
opponent-expert = Ekspertong bot
setup-starts = Sino ang mauuna
starts-me = Ako
starts-bot = Bot
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
status-your-turn = Ikaw na
status-your-turn-swap = Ikaw na: maglagay o magpalit
status-bot-turn = Turno ng bot
bot-thinking = Nag-iisip ang bot
status-over = Tapos na ang laro
estimate-pending = Tsansa mo: …
estimate-label = Tsansa mo: { $percent }%

toast-wait-bot = Hintayin ang tira ng bot.
toast-game-over = Tapos na ang laro.
toast-illegal = Hindi puwede ang tirang iyan.

resign-title = Susuko ka na ba?
resign-body = Mapupunta sa kalaban ang panalo.

result-you-win = Panalo ka!
result-bot-wins = Panalo ang bot
reason-connection = Nadugtong ng isang hanay ang dalawang gilid.
reason-you-resigned = Sumuko ka.

settings-title = Mga setting
settings-language = Wika
settings-theme = Tema
theme-system = Gaya ng device
theme-light = Maliwanag
theme-dark = Madilim
settings-play = Paglalaro
settings-sound = Tunog
settings-estimate = Ipakita ang tantiya ng bot
settings-estimate-hint = Ipinapakita ang tsansa mong manalo ayon sa bot.
settings-board = Itsura ng board
settings-coordinates = Mga koordinado at numero ng punto
settings-shape-marks = Hugis bukod sa kulay
settings-shape-marks-hint = May putol-putol na gilid ang mga piyesa, bato at harang ng Pula, kaya hindi kailangang kilalanin ang pula at asul sa kulay lang.

# Ang screen ng laro, pare-pareho sa lahat ng laro
you = Ikaw
opponent = Kalaban
player-1 = Manlalaro 1
player-2 = Manlalaro 2
continue-game = Ituloy ang { $game }
setup-replaces = Papalitan ito ng bagong laro.
setup-replace-title = Palitan ang hindi pa tapos na laro?
setup-replace-body = Mabubura ang hindi pa tapos na laro ng { $game } at magsisimula ang bago.
setup-replace-keep = Huwag palitan
setup-replace-confirm = Magsimula ng bago
status-side-to-move = Tira ng { $side }
clock-label = Natitirang oras
result-side-wins = Panalo ang { $side }!
result-draw = Tabla
result-you-lose = Talo ka
result-points = Puntos: { $points }
reason-they-resigned = Sumuko ang kalaban mo.
reason-side-resigned = Sumuko ang { $side }.
reason-your-time = Naubusan ka ng oras.
reason-their-time = Naubusan ng oras ang kalaban mo.
reason-side-time = Naubusan ng oras ang { $side }.
reason-you-left = Umalis ka sa laro.
reason-they-left = Umalis sa laro ang kalaban mo.
reason-side-left = Umalis sa laro ang { $side }.
backgammon-pip-count = { $pips } pip
junqi-colour-pending = Wala pang kulay
tutorial-read-first = Basahin ang hakbang na ito, saka i-tap ang Susunod.
reason-goal = Nakarating ang pawn sa kabilang dulo.
reason-flag = Naagaw ang bandila.
reason-no-action = Walang legal na tira ang natalo noong tira niya.
reason-no-movable = Wala nang piyesang nakakagalaw ang natalo.
reason-both-stuck = Wala nang piyesang nakakagalaw ang magkabilang panig.
reason-quiet = 60 sunod na tira nang walang pagbukas o labanan.
reason-single = Nailabas na ang lahat ng piyesa: karaniwang panalo.
reason-gammon = Gammon: wala pang nailabas na piyesa ang natalo.
reason-backgammon = Backgammon: may piyesa pa ang natalo sa bar o sa bahay ng nanalo.
continue-summary = { $opponent } · { $moves } tira
not-found = Walang ganitong pahina.

# Refusals with their own ids (rule-ids helper): a move or roll out of turn
toast-not-your-turn = Hindi mo pa tira.
toast-no-roll-due = Hindi pa oras para ihagis ang dice.

# Confirm moves and the tutor (tutor helper)
settings-confirm-moves = Kumpirmahin ang tira
settings-confirm-moves-hint = Sa lahat ng laro, online din: ipinapakita muna ang tira at nilalaro lang kapag na-tap mo ang Kumpirmahin. Sa backgammon, kinukumpirma ang buong turno sa Tapos.
settings-tutor = Tagapagturo
settings-tutor-hint = Laban sa bot lang: bago ang tirang magtatapon ng malaking bahagi ng tsansa mo, tatanungin ka ng tagapagturo kung sigurado ka.
action-confirm = Kumpirmahin
confirm-notice = Suriin ang tira, saka Kumpirmahin.
confirm-nothing-held = Walang tirang kukumpirmahin.
tutor-checking = Sinusuri ng tagapagturo ang tira mo…
tutor-title = Sigurado ka ba?
tutor-body-chance = Ibinababa ng tirang ito ang tsansa mong manalo nang mga { $points } puntos sa 100.
tutor-body-equity = Nawawalan ang tirang ito ng mga { $equity } equity kumpara sa pinakamahusay na tira.
tutor-play = Laruin pa rin
tutor-take-back = Bawiin
tutor-hint = Ipakita ang pahiwatig
