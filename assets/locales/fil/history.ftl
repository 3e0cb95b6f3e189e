# Talaan ng mga tira, pagbabalik-tanaw, pahiwatig, pagsusuri at mga tapos na laro.
log-label = Mga tira
log-empty = Wala pang tira
log-viewing = Tira { $move } (sa { $moves })
log-viewing-start = Ang simulang posisyon
log-previous = Nakaraang tira
log-next = Susunod na tira
log-live = Bumalik sa laro
log-toast-looking-back = Tinitingnan mo ang naunang posisyon. I-tap ang "Bumalik sa laro" para maglaro.
action-hint = Pahiwatig
hint-thinking = Naghahanap ng tira ang Eksperto…
hint-notice = Pahiwatig: { $move } · tsansa mo { $percent }%
hints-used = Nagamit na pahiwatig: { $count }
action-review = Suriin
review-title = Pagsusuri
review-missing = Hindi na nakatago sa device na ito ang larong ito.
review-unreadable = Hindi mabasa ang larong ito: { $reason }
review-progress = Sinusuri { $done }/{ $total }
review-stop = Ihinto
review-pick = I-tap ang isang tira sa listahan o sa graph para makita ito sa board.
review-no-moves = Walang tirang nilaro sa larong ito.
review-better = mas mahusay: { $move }
review-show-better = Mas mahusay
review-show-played = Nilaro
review-worst = Ipakita ang pinakamalaking mali
review-no-errors = walang mali
review-error-rate = antas ng mali { $rate } mp bawat tira
review-graph-label = Ang tsansa mong manalo sa buong laro
mark-forced = sapilitan
mark-best = pinakamahusay
mark-good = mahusay
mark-inaccuracy = hindi eksakto
mark-mistake = mali
mark-blunder = malaking mali
mark-doubtful = kaduda-duda
mark-bad = masama
mark-very-bad = napakasama
finished-title = Mga tapos na laro
finished-sub = { $count } nakatago sa device na ito · suriin, i-export
finished-empty = Wala pang tapos na laro. Lalabas dito ang mga larong natapos mo.
finished-corrupt = Hindi mabasa ang listahan ng mga tapos na laro kaya itinabi ito: { $reason }
finished-won = Panalo: { $who }
finished-draw = Tabla
finished-unfinished = Hindi tapos
finished-meta = Kalaban: { $opponent } · { $moves } tira
review-count-inaccuracy = { $count } hindi eksakto
review-count-mistake = { $count } mali
review-count-blunder = { $count } malaking mali
review-count-doubtful = { $count } kaduda-duda
review-count-bad = { $count } masama
review-count-very-bad = { $count } napakasama
export-open = I-export
export-title = I-export ang larong ito
export-copy = Kopyahin
export-download = I-save ang file
import-title = Mag-import ng laro
import-help = I-paste ang larong na-export mula sa Papan, isang HexGui SGF file o isang GNU Backgammon .mat file.
import-game = Laro
import-text = Teksto ng laro
import-go = I-import at suriin
import-refused = Hindi mabasa ang tekstong ito: { $reason }
rules-title = Mga tuntunin
rules-lead = May code ang bawat tuntunin. Kapag tinanggihan ang isang tira, binabanggit ng mensahe ang tuntunin; i-tap ang code para mabasa ito rito.
rules-open = Basahin ang mga tuntunin
log-last-move = { $who }: { $move }
# Review: step bar, graph axes, Jun Qi's view switch; finished list dates and imports (issue 33).
review-steps = Isa-isahin ang mga tira ng laro
review-step-first = Sa simula
review-step-last = Sa dulo
review-graph-title = Tsansang manalo: { $who }
review-view-label = Ipakita
review-view-seat = Ang alam ni { $who }
review-view-you = Ang alam mo
review-view-all = Lahat
finished-date = { $month ->
        [1] Ene
        [2] Peb
        [3] Mar
        [4] Abr
        [5] May
        [6] Hun
        [7] Hul
        [8] Ago
        [9] Set
        [10] Okt
        [11] Nob
       *[12] Dis
    } { $day }, { $year } · { $time }
finished-imported-meta = Na-import · { $first } laban sa { $second } · { $moves } tira
finished-imported-unfinished = Na-import, hindi tapos
# Pag-import: match file na may ilang laro, isinantabi ang mga galaw ng doubling cube (issue 36).
import-match-games = May { $count } laro ang match file na ito. Magbukas ng isa:
import-match-game = Laro { $number } (iskor { $first }–{ $second })
import-match-cube = { $count ->
        [one] 1 galaw ng doubling cube ang isinantabi
       *[other] { $count } galaw ng doubling cube ang isinantabi
    }
import-match-open = Buksan
review-left-aside = Walang doubling cube sa laro ng Papan; isinantabi ang mga galaw ng cube mula sa file: { $actions }.
review-file-points = Binibigyan ng file ang larong ito ng { $points } puntos; ang puntos dito ay binibilang lamang mula sa board.
export-hint-gnubg = Sa GNU Backgammon, i-type ang "set jacoby off" bago i-import ang file na ito, para 2 puntos ang gammon at 3 ang backgammon, gaya rito.
# Backgammon review: rating words, luck; the dice page (bg-analysis, issue 35).
rating-supernatural = Higit sa tao
rating-world-class = Pandaigdigang antas
rating-expert = Eksperto
rating-advanced = Bihasa
rating-intermediate = Katamtaman
rating-casual = Paminsan-minsang manlalaro
rating-beginner = Baguhan
rating-awful = Napakahina
luck-lucky = masuwerte
luck-even = karaniwang dice
luck-unlucky = malas
review-luck = suwerte { $luck } mp sa { $rolls } hagis · { $fortune }
dice-open = Ang dice mo kumpara sa patas na dice
dice-title = Mga hagis ng dice
dice-lead = Bawat hagis ng { $games } larong backgammon na nakatago sa device na ito, kumpara sa patas na dice.
dice-empty = Wala pang hagis sa backgammon: tapusin ang isang laro at bibilangin dito ang dice nito.
dice-you = Ikaw
dice-bots = Mga bot
dice-online = Mga tao online
dice-guest = Ikalawang manlalaro sa device na ito
dice-rolls = { $count } hagis
dice-what = Sukatan
dice-seen = Nakita (95% na agwat)
dice-fair = Patas na dice
dice-doubles = Doble
dice-pips = Pip bawat hagis
dice-face = Mukha { $face }
dice-commitment = Mga larong online: bago ang unang hagis, ipinapangako ng server ang lihim na binhi na bumubuo sa bawat hagis (sa pamamagitan ng SHA-256 hash nito) at ibinubunyag ito pagkatapos ng laro. Inuulit ng Papan ang bawat hagis mula rito at isinusulat ang "Patas ang dice" sa card ng resulta: kapag nagsimula na ang laro, hindi na mababago ng server ang kahit isang hagis.
dice-commitment-link = Paano hinahagis ang dice (tuntunin B5)
dice-note = Hindi kasama ang unang hagis ng laro (inuulit doon ang doble), pati ang mga inangkat na laro. Nasa loob ng agwat ang totoong bahagi 19 sa 20 beses: kahit ang patas na dice ay lumalabas sa agwat sa mga isa sa dalawampung hilera.
