# hadang screens (fil). Keys start with "hadang-".
hadang-setup-lead = Dalhin ang pawn mo sa kabilang dulo. Sa turno mo, humakbang nang isa o maglagay ng harang.
hadang-starts-hint = Manlalaro 1 ang mauuna: nagsisimula sa e1 at siya ang unang titira.
hadang-setup-clock = Orasan
hadang-clock-hint = Tumatakbo lang ang orasan ng bawat isa sa sarili niyang turno. Talo ang maubusan ng oras.
hadang-clock-none = Walang orasan
hadang-minutes = { $count } min
hadang-setup-increment = Dagdag bawat tira
hadang-increment-hint = Segundong idinadagdag sa orasan mo pagkatapos ng bawat tira mo.
hadang-seconds = +{ $count } seg

hadang-board-label = Board ng HADANG, 9 por 9
hadang-board-title = I-tap ang pawn mo o ang naka-highlight na kahon para gumalaw. Para sa harang, pindutin ang Harang, i-tap ang salubungan ng mga uka, iikot kung kailangan, saka Ilagay.
hadang-status-confirm-wall = Ilagay, iikot, o mag-tap ng ibang salubungan
hadang-status-pick-crossing = I-tap kung saan nagsasalubong ang dalawang uka
hadang-walls-left = { $count } harang pa
hadang-path-short = { $count } pa
hadang-action-paths = Daan
hadang-path-preview = { $before } → { $count } pa
hadang-action-wall = Harang
hadang-action-rotate = Iikot
hadang-action-place = Ilagay


