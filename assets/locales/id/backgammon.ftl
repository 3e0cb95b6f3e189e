# layar backgammon (id). Kunci diawali "backgammon-".
backgammon-starts-hint = Setiap pemain melempar satu dadu; angka yang lebih tinggi mulai dan memainkan kedua angka itu.
backgammon-board-label = Papan backgammon
backgammon-point-label = Petak { $point }, { $count ->
        [0] kosong
       *[other] { $count } bidak { $colour }
    }
backgammon-tap-to-roll = Ketuk untuk melempar
backgammon-roll = Lempar dadu
backgammon-done = Selesai
backgammon-pass-ok = Oke, lewati
backgammon-white = Putih
backgammon-black = Hitam
backgammon-status-opening = Lempar dadu untuk menentukan siapa yang mulai
backgammon-status-your-roll = Giliranmu: lempar dadu
backgammon-opening = Lemparan pembuka: Putih { $white }, Hitam { $black }. { $starter } mulai.
backgammon-no-move = Tidak ada langkah sah dengan lemparan ini — giliranmu hangus.
backgammon-no-move-other = Tidak ada langkah sah dengan lemparan ini — giliran dilewati.
backgammon-forced = Hanya ada satu cara memainkan lemparan ini: sudah dijalankan untukmu. Ketuk Selesai.
backgammon-toast-already-rolled = Dadu sudah dilempar.
backgammon-toast-no-move = Tidak ada bidak yang bisa jalan. Ketuk Oke untuk melewati.
backgammon-toast-tap-done = Semua dadu sudah dipakai. Ketuk Selesai.
backgammon-toast-not-movable = Bidak itu tidak bisa jalan dengan dadu ini.
