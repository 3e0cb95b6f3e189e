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
settings-language-unavailable = Hindi ma-load ang wikang ito: offline ka at hindi pa ito naka-save sa device na ito. Kumonekta minsan at subukan ulit.
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

# Puzzles (puzzle-app helper)
puzzles-title = Mga palaisipan
puzzles-sub = Hanapin ang panalong tira: palaisipan araw-araw, rating sa bawat laro.
puzzles-daily = Palaisipan ng araw
puzzles-daily-game = Ngayon: { $game }
puzzles-daily-solved = Nalutas na ngayong araw
puzzles-daily-tried = Nasubukan na ngayong araw: balik bukas
puzzles-streak = { $count } araw nang sunod-sunod
puzzles-streak-best = Pinakamahaba: { $count }
puzzles-rating = Rating mo: { $rating }
puzzles-solved-count = { $count } ang nalutas
puzzles-none = Wala pang palaisipan para sa larong ito.
puzzles-loading = Nilo-load ang mga palaisipan…
puzzles-load-failed = Hindi ma-load ang mga palaisipan: { $reason }
puzzles-theme = Tema
puzzles-theme-all = Lahat
puzzle-theme-block = Pagharang
puzzle-theme-edge-template = Hugis sa gilid
puzzle-theme-bridge = Tulay
puzzle-theme-connect = Pagdugtong
puzzle-theme-wall-lengthens-path = Mas mahabang daan
puzzle-theme-wall-ahead = Harang sa unahan
puzzle-theme-race = Unahan
puzzle-find = Hanapin ang pinakamahusay na tira para sa { $side }.
puzzle-correct = Tama!
puzzle-wrong = Hindi ito.
puzzle-retry = Subukan ulit
puzzle-show = Ipakita ang sagot
puzzle-solution = Ang sagot ay { $move }.
puzzle-next = Susunod na palaisipan
puzzle-rating-change = Rating mo: { $rating } ({ $change })
puzzle-unrated = Ang unang subok lang ang binibilang sa rating.
puzzle-why-hex-connect = Pinapanatili nito ang dugtong sa { $cells } na hindi kayang putulin ng { $opponent }.
puzzle-why-hex-joined = Pinagdudugtong nito ang dalawa mong gilid: hindi ito mapipigilan ng { $opponent }.
puzzle-why-hex-block = Dito rin dumadaan ang bawat banta ng { $opponent }.
puzzle-why-hadang-wall = Dahil sa harang mo, { $after } na ang daan ng kalaban sa halip na { $before }, habang { $mine } ang sa iyo.
puzzle-why-hadang-race = { $mine } na ang daan mo laban sa { $theirs } ng kalaban. Natitirang harang: sa iyo { $walls }, sa kalaban { $theirwalls }. Tiyak nang panalo ka sa unahan dahil dito.
puzzle-wrong-hex-loses = Pagkatapos ng { $cell }, may dugtong ang { $opponent } na hindi mo mapuputol.
puzzle-wrong-hex-unproven = Walang tiyak na dugtong ang { $cell }: makakalusot pa ang { $opponent }.
puzzle-wrong-hadang = Pagkatapos nito, { $mine } ang daan mo at { $theirs } ang sa kalaban: puwede pa silang manalo sa unahan.
puzzle-wrong-generic = Hindi pinipilit ng tirang ito ang panalo.
puzzle-theme-flag = Bandila
puzzle-theme-last-piece = Huling piyesa
puzzle-theme-bomb = Bomba
puzzle-theme-mine = Mina
puzzle-theme-safe-capture = Ligtas na pagkuha
puzzle-theme-capture = Pagkuha
puzzle-theme-bear-off = Pag-alis ng piyesa
puzzle-theme-hit = Pagtama
puzzle-theme-prime = Prime (harangan)
puzzle-theme-make-point = Paggawa ng point
puzzle-theme-safe-play = Ligtas na tira
puzzle-theme-run = Pagtakbo
puzzle-theme-positional = Pampuwesto
puzzle-why-junqi-win = Panalo ang { $piece } mo sa laro.
puzzle-why-junqi-gain = Kinukuha ng { $piece } mo ang { $captured } at lamang ka pa rin ng { $gain } puntos pagkatapos ng pinakamahusay na sagot ng kalaban; walang ibang kilos na lalampas sa { $second }.
puzzle-wrong-junqi = { $gain } puntos lang ang { $move } pagkatapos ng pinakamahusay na sagot, laban sa { $best } ng tamang sagot.
puzzle-why-backgammon = Sa tirang ito, { $shots } lang sa 36 na roll ang puwedeng tumama sa iyo, at lamang ito ng { $lead } equity sa kasunod na pinakamahusay ({ $second }).
puzzle-wrong-backgammon = Ang { $move } ang kasunod na pinakamahusay: { $shots } sa 36 na roll ang puwedeng tumama sa iyo, at huli ito ng { $lead } equity.

# Your mistakes to try again (the deck)
mistakes-title = Mga mali mo
mistakes-due = { $count ->
    [0] Walang susubukan ngayon
    [one] 1 posisyong susubukan ngayon
   *[other] { $count } posisyong susubukan ngayon
}
mistakes-counts = Ngayon { $due } · mamaya { $later } · natutunan { $learned }
mistakes-none-due = Walang susubukan ulit ngayon.
mistakes-how = Suriin ang natapos na laro: ang mga tira mong may markang ? o ?? ay mapupunta rito, at babalik hanggang makita mo ang magandang tira.
mistake-prompt = Tinira mo rito ang { $move }. Maghanap ng mas magandang tira.
mistake-judging = Sinusuri ng Eksperto ang tira mo…
mistake-good = Magandang tira!
mistake-not-yet = Hindi pa.
mistake-comes-back = Babalik ang posisyong ito bukas.
mistake-why-expert = Iyan mismo ang tira ng Eksperto.
mistake-why-chance = Sa { $move }, { $mine }% ang tsansa mong manalo; sa tira ng Eksperto na { $best }, { $theirs }%.
mistake-why-equity = Ang { $move } ay nawawalan ng { $millipoints } millipoint kumpara sa tira ng Eksperto na { $best }.
mistake-best = Ang tira ng Eksperto ay { $move }.
mistake-next = Susunod na mali
mistake-done = Tapos na
review-try-again = Subukan ulit
# Puzzles from your own games
puzzles-own-scanning = Naghahanap ng palaisipan sa mga laro mo… ({ $done } sa { $count })
puzzles-own-count = { $count ->
    [0] Wala pang palaisipan mula sa mga laro mo
    [one] 1 palaisipan mula sa mga laro mo
   *[other] { $count } palaisipan mula sa mga laro mo
}
puzzles-own-how = Tapusin ang mga laro ng Hex, HADANG o Jun Qi: ang mga posisyong may isang tirang panalo ay magiging palaisipan dito.
puzzle-theme-yours = Mula sa mga laro mo
puzzle-from-your-game = Mula sa laro mo

# Later text (lessons, rules pages) that could not be fetched
text-unavailable = Hindi ma-load ang pahinang ito: { $reason }. Kumonekta minsan at subukan ulit.

# Settings: notifications (Web Push)
settings-notify = Mga abiso
settings-notify-your-move = Kapag ako na ang titira (korespondensiya)
settings-notify-invite = Kapag pumasok ang kaibigan sa kuwarto ko
settings-notify-ended = Kapag natapos ang larong korespondensiya
settings-notify-time-low = Kapag ikalima na lang ng oras ko ang natitira
settings-notify-hint = Ipinapadala ng server ng kuwarto sa teleponong ito, kahit nakasara ang Papan. Hanggang 12 bawat oras.
settings-notify-unsupported = Hindi makapagpakita ng abiso mula sa Papan ang browser na ito. I-install ang web app, o gumamit ng ibang browser.
settings-notify-denied = Naka-block ang mga abiso para sa Papan. Payagan ito sa site settings ng browser, saka subukang muli.
settings-notify-failed = Hindi maabot ang server ng kuwarto. Subukang muli kapag online ka na.
settings-notify-browser-failed = Hindi makapag-sign up sa mga abiso ang browser na ito: hindi sumagot ang push service nito. Subukang muli mamaya.
screen-load-failed = Hindi ma-load ang screen na ito: offline ka at hindi pa ito naka-save sa device na ito. Kumonekta sa internet, saka i-tap ang Subukan ulit.
screen-load-retry = Subukan ulit
