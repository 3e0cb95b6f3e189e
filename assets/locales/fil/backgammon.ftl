# mga screen ng backgammon (fil). Nagsisimula ang mga key sa "backgammon-".
backgammon-starts-hint = Tig-isang dice ang ihahagis ng bawat manlalaro; ang mas mataas ang mauuna at lalaruin ang dalawang numero.
backgammon-board-label = Board ng backgammon
backgammon-point-label = Punto { $point }, { $count ->
        [0] walang laman
       *[other] { $count } piyesang { $colour }
    }
backgammon-tap-to-roll = I-tap para ihagis
backgammon-roll = Ihagis
backgammon-done = Tapos
backgammon-pass-ok = Sige, pasa
backgammon-white = Puti
backgammon-black = Itim
backgammon-status-opening = Ihagis para malaman kung sino ang mauuna
backgammon-status-your-roll = Ikaw na: ihagis ang dice
backgammon-opening = Unang hagis: Puti { $white }, Itim { $black }. Mauuna ang { $starter }.
backgammon-no-move = Walang legal na galaw sa hagis na ito — lalampasan ang turno mo.
backgammon-no-move-other = Walang legal na galaw sa hagis na ito — lalampasan ang turno.
backgammon-forced = Iisa lang ang paraan para laruin ang hagis na ito: nilaro na para sa iyo. I-tap ang Tapos.
backgammon-toast-already-rolled = Naihagis na ang dice.
backgammon-toast-no-move = Walang piyesang makakagalaw. I-tap ang Sige para pumasa.
backgammon-toast-tap-done = Nagamit na ang lahat ng dice. I-tap ang Tapos.
backgammon-toast-not-movable = Hindi makakagalaw ang piyesang iyan sa mga dice na ito.
