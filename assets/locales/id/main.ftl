# Papan — Bahasa Indonesia

app-name = Papan
home-lead = Permainan papan untuk berdua, di satu ponsel atau melawan bot.
home-games = Permainan
action-play = Main
action-back = Kembali
action-home = Beranda
action-start = Mulai main
action-new-game = Permainan baru
action-swap = Tukar
action-undo = Urungkan
action-resign = Menyerah
action-rematch = Main lagi
action-cancel = Batal
action-dismiss = Oke

game-hex = Hex
game-hex-tagline = Hubungkan kedua sisimu lebih dulu dari lawan.
game-hadang = HADANG
game-hadang-tagline = Adu cepat ke seberang; hadang dengan dinding.
game-junqi = Jun Qi buka
game-junqi-tagline = Buka bidak tertutup, rebut bendera.
game-backgammon = Backgammon
game-backgammon-tagline = Lempar dadu, berpacu, keluarkan bidak.

save-corrupt = Permainan yang tersimpan tidak bisa dibaca: { $reason }. Salinannya tetap disimpan, dan kamu bisa mulai permainan baru.
settings-corrupt = Pengaturanmu tidak bisa dibaca: { $reason }. Salinannya tetap disimpan, dan pengaturan bawaan dipakai.
progress-corrupt = Kemajuan pelajaranmu tidak bisa dibaca: { $reason }. Salinannya tetap disimpan, dan pelajaran dimulai dari awal.
stored-corrupt = Ada data tersimpan di perangkat ini yang tidak bisa dibaca: { $reason }. Salinannya tetap disimpan.
no-game = Tidak ada permainan yang sedang berjalan.

setup-size = Ukuran papan
size-hint-quick = Permainan cepat. Sekali ketuk langsung menaruh batu.
size-hint-confirm = Ketuk sekali untuk melihat, ketuk lagi untuk menaruh.
setup-opponent = Lawan
opponent-human = Orang di perangkat ini
opponent-beginner = Bot pemula
opponent-normal = Bot normal
opponent-expert = Bot ahli
setup-starts = Siapa yang mulai
starts-me = Saya
starts-bot = Bot
starts-alternate = Bergantian
starts-hint = Yang mulai bermain Merah dan menaruh batu pertama.
setup-swap = Aturan tukar
swap-hint = Setelah batu pertama Merah, Biru boleh mengambil alih batu itu alih-alih menaruh batu.
setup-alternate = Giliran mulai bergantian saat main lagi
alternate-hint = Pemain lain menjadi Merah di permainan berikutnya.
option-on = Aktif
option-off = Nonaktif

board-label = Papan Hex, { $size } kali { $size }
board-title = Merah menghubungkan atas dan bawah, Biru menghubungkan kiri dan kanan.
colour-red = Merah
colour-blue = Biru
status-your-turn = Giliranmu
status-your-turn-swap = Giliranmu: taruh batu atau tukar
status-bot-turn = Giliran bot
bot-thinking = Bot sedang berpikir
status-over = Permainan selesai
estimate-pending = Peluangmu: …
estimate-label = Peluangmu: { $percent }%

toast-wait-bot = Tunggu langkah bot.
toast-game-over = Permainan sudah selesai.
toast-illegal = Langkah itu tidak boleh.

resign-title = Menyerah di permainan ini?
resign-body = Lawanmu akan dinyatakan menang.

result-you-win = Kamu menang!
result-bot-wins = Bot menang
reason-connection = Satu rantai menghubungkan kedua sisi.
reason-you-resigned = Kamu menyerah.

settings-title = Pengaturan
settings-language = Bahasa
settings-language-unavailable = Bahasa ini belum bisa dimuat: kamu sedang offline dan bahasanya belum tersimpan di perangkat ini. Sambungkan internet sekali lalu coba lagi.
settings-theme = Tema
theme-system = Ikuti perangkat
theme-light = Terang
theme-dark = Gelap
settings-play = Permainan
settings-sound = Suara
settings-estimate = Tampilkan perkiraan bot
settings-estimate-hint = Menampilkan peluang menangmu menurut bot.
settings-board = Tampilan papan
settings-coordinates = Koordinat dan nomor titik
settings-shape-marks = Bentuk selain warna
settings-shape-marks-hint = Bidak, batu, dan penghadang Merah diberi garis tepi putus-putus, jadi merah dan biru tak perlu dibedakan dari warnanya.

# Layar bermain, sama untuk semua permainan
you = Kamu
opponent = Lawan
player-1 = Pemain 1
player-2 = Pemain 2
continue-game = Lanjutkan { $game }
setup-replaces = Memulai permainan baru akan menggantikan yang ini.
setup-replace-title = Ganti permainan yang belum selesai?
setup-replace-body = Permainan { $game } yang belum selesai akan dihapus dan permainan baru dimulai.
setup-replace-keep = Jangan ganti
setup-replace-confirm = Mulai yang baru
status-side-to-move = Giliran { $side }
clock-label = Sisa waktu
result-side-wins = { $side } menang!
result-draw = Seri
result-you-lose = Kamu kalah
result-points = Poin: { $points }
reason-they-resigned = Lawanmu menyerah.
reason-side-resigned = { $side } menyerah.
reason-your-time = Waktumu habis.
reason-their-time = Waktu lawanmu habis.
reason-side-time = Waktu { $side } habis.
reason-you-left = Kamu keluar dari permainan.
reason-they-left = Lawanmu keluar dari permainan.
reason-side-left = { $side } keluar dari permainan.
backgammon-pip-count = { $pips } pip
junqi-colour-pending = Belum punya warna
tutorial-read-first = Baca langkah ini, lalu ketuk Lanjut.
reason-goal = Bidak sampai di garis akhir.
reason-flag = Bendera berhasil direbut.
reason-no-action = Yang kalah tidak bisa melangkah saat gilirannya.
reason-no-movable = Yang kalah tidak punya bidak yang bisa bergerak lagi.
reason-both-stuck = Kedua pihak tidak punya bidak yang bisa bergerak lagi.
reason-quiet = 60 langkah berturut-turut tanpa membuka bidak maupun bertempur.
reason-single = Semua bidak sudah dikeluarkan: menang biasa.
reason-gammon = Gammon: lawan belum mengeluarkan satu bidak pun.
reason-backgammon = Backgammon: lawan masih punya bidak di bar atau di papan rumah pemenang.
continue-summary = { $opponent } · { $moves } langkah
not-found = Halaman ini tidak ada.

# Refusals with their own ids (rule-ids helper): a move or roll out of turn
toast-not-your-turn = Belum giliranmu.
toast-no-roll-due = Belum saatnya melempar dadu.

# Confirm moves and the tutor (tutor helper)
settings-confirm-moves = Konfirmasi langkah
settings-confirm-moves-hint = Di semua permainan, daring juga: langkah ditunjukkan dulu dan baru dimainkan setelah kamu mengetuk Konfirmasi. Di backgammon, seluruh giliran dikonfirmasi saat Selesai.
settings-tutor = Mode tutor
settings-tutor-hint = Hanya melawan bot: sebelum langkah yang membuang banyak peluangmu, tutor bertanya apakah kamu yakin.
action-confirm = Konfirmasi
confirm-notice = Periksa langkahnya, lalu Konfirmasi.
confirm-nothing-held = Tidak ada langkah untuk dikonfirmasi.
tutor-checking = Tutor sedang memeriksa langkahmu…
tutor-title = Kamu yakin?
tutor-body-chance = Langkah ini menurunkan peluang menangmu sekitar { $points } poin dari 100.
tutor-body-equity = Langkah ini kehilangan sekitar { $equity } ekuitas dibanding langkah terbaik.
tutor-play = Tetap mainkan
tutor-take-back = Batalkan langkah
tutor-hint = Tunjukkan petunjuk

# Puzzles (puzzle-app helper)
puzzles-title = Teka-teki
puzzles-sub = Temukan langkah kemenangan: teka-teki harian, peringkat per permainan.
puzzles-daily = Teka-teki harian
puzzles-daily-game = Hari ini: { $game }
puzzles-daily-solved = Sudah terpecahkan hari ini
puzzles-daily-tried = Sudah dicoba hari ini: kembali besok
puzzles-streak = { $count } hari berturut-turut
puzzles-streak-best = Terbaik: { $count }
puzzles-rating = Peringkat { $rating }
puzzles-solved-count = { $count } terpecahkan
puzzles-none = Belum ada teka-teki untuk permainan ini.
puzzles-loading = Memuat teka-teki…
puzzles-load-failed = Teka-teki tidak bisa dimuat: { $reason }
puzzles-theme = Tema
puzzles-theme-all = Semua
puzzle-theme-block = Menghadang
puzzle-theme-edge-template = Pola tepi
puzzle-theme-bridge = Jembatan
puzzle-theme-connect = Menyambung
puzzle-theme-wall-lengthens-path = Jalur lebih panjang
puzzle-theme-wall-ahead = Penghadang di depan
puzzle-theme-race = Adu cepat
puzzle-find = Temukan langkah terbaik untuk { $side }.
puzzle-correct = Benar!
puzzle-wrong = Bukan yang ini.
puzzle-retry = Coba lagi
puzzle-show = Lihat jawaban
puzzle-solution = Jawabannya { $move }.
puzzle-next = Teka-teki berikutnya
puzzle-rating-change = Peringkat { $rating } ({ $change })
puzzle-unrated = Hanya percobaan pertama yang dihitung untuk peringkat.
puzzle-why-hex-connect = Langkah ini menjaga sambungan lewat { $cells } yang tidak bisa diputus { $opponent }.
puzzle-why-hex-joined = Langkah ini menyatukan kedua sisimu: { $opponent } tidak bisa menghentikannya.
puzzle-why-hex-block = Petak ini juga dilewati setiap ancaman { $opponent }.
puzzle-why-hadang-wall = Penghadangmu membuat jalur lawan { $after } langkah, bukan { $before }, sedangkan jalurmu { $mine }.
puzzle-why-hadang-race = Jalurmu sekarang { $mine } langkah melawan { $theirs } milik lawan. Penghadang tersisa: milikmu { $walls }, milik lawan { $theirwalls }. Langkah ini memastikan kamu menang adu cepat.
puzzle-wrong-hex-loses = Setelah { $cell }, { $opponent } punya sambungan yang tidak bisa kamu putus.
puzzle-wrong-hex-unproven = { $cell } tidak memberi sambungan yang pasti: { $opponent } masih bisa menerobos.
puzzle-wrong-hadang = Setelah langkah ini jalurmu { $mine } dan jalur lawan { $theirs }: lawan masih bisa menang adu cepat.
puzzle-wrong-generic = Langkah ini tidak memaksakan kemenangan.
puzzle-theme-flag = Bendera
puzzle-theme-last-piece = Bidak terakhir
puzzle-theme-bomb = Bom
puzzle-theme-mine = Ranjau
puzzle-theme-safe-capture = Makan dengan aman
puzzle-theme-capture = Makan
puzzle-theme-bear-off = Mengeluarkan bidak
puzzle-theme-hit = Memukul
puzzle-theme-prime = Prime (blokade)
puzzle-theme-make-point = Membuat poin
puzzle-theme-safe-play = Main aman
puzzle-theme-run = Lari
puzzle-theme-positional = Posisional
puzzle-why-junqi-win = { $piece } milikmu memenangkan permainan.
puzzle-why-junqi-gain = { $piece } milikmu memakan { $captured } dan tetap unggul { $gain } poin setelah balasan terbaik lawan; aksi lain paling banyak { $second }.
puzzle-wrong-junqi = { $move } hanya menghasilkan { $gain } poin setelah balasan terbaik, sedangkan jawabannya { $best }.
puzzle-why-backgammon = Setelah langkah ini hanya { $shots } dari 36 lemparan lawan yang bisa memukul, dan langkah ini unggul { $lead } ekuitas atas langkah terbaik berikutnya ({ $second }).
puzzle-wrong-backgammon = { $move } adalah langkah terbaik berikutnya: { $shots } dari 36 lemparan lawan bisa memukul, dan langkah ini tertinggal { $lead } ekuitas.

# Your mistakes to try again (the deck)
mistakes-title = Kesalahanmu
mistakes-due = { $count ->
    [0] Tidak ada yang perlu dicoba hari ini
   *[other] { $count } posisi untuk dicoba hari ini
}
mistakes-counts = Hari ini { $due } · nanti { $later } · dikuasai { $learned }
mistakes-none-due = Tidak ada yang perlu dicoba lagi hari ini.
mistakes-how = Tinjau permainan yang selesai: langkahmu yang bertanda ? atau ?? masuk ke sini, dan kembali lagi sampai kamu menemukan langkah yang bagus.
mistake-prompt = Di sini kamu memainkan { $move }. Cari langkah yang lebih baik.
mistake-judging = Sang Ahli sedang menilai langkahmu…
mistake-good = Langkah bagus!
mistake-not-yet = Belum tepat.
mistake-comes-back = Posisi ini kembali lagi besok.
mistake-why-expert = Itu langkah Sang Ahli sendiri.
mistake-why-chance = Dengan { $move } peluang menangmu { $mine }%; langkah Sang Ahli, { $best }, menjaga { $theirs }%.
mistake-why-equity = { $move } kehilangan { $millipoints } milipoin dibanding langkah Sang Ahli, { $best }.
mistake-best = Sang Ahli memainkan { $move }.
mistake-next = Kesalahan berikutnya
mistake-done = Selesai
review-try-again = Coba lagi
# Puzzles from your own games
puzzles-own-scanning = Mencari teka-teki di permainanmu… ({ $done } dari { $count })
puzzles-own-count = { $count ->
    [0] Belum ada teka-teki dari permainanmu
   *[other] { $count } teka-teki dari permainanmu
}
puzzles-own-how = Selesaikan permainan Hex, HADANG, atau Jun Qi: posisi di mana satu langkah menang menjadi teka-teki di sini.
puzzle-theme-yours = Dari permainanmu
puzzle-from-your-game = Dari permainanmu

# Later text (lessons, rules pages) that could not be fetched
text-unavailable = Halaman ini belum bisa dimuat: { $reason }. Sambungkan internet sekali lalu coba lagi.

# Settings: notifications (Web Push)
settings-notify = Notifikasi
settings-notify-your-move = Saat giliranku (korespondensi)
settings-notify-invite = Saat teman masuk ke ruanganku
settings-notify-ended = Saat permainan korespondensi selesai
settings-notify-time-low = Saat waktuku tinggal seperlima
settings-notify-hint = Dikirim server ruang ke ponsel ini, walau Papan ditutup. Paling banyak 12 per jam.
settings-notify-unsupported = Peramban ini tidak bisa menampilkan notifikasi Papan. Pasang aplikasi web, atau pakai peramban lain.
settings-notify-denied = Notifikasi untuk Papan diblokir. Izinkan di pengaturan situs peramban, lalu coba lagi.
settings-notify-failed = Server ruang tidak terjangkau. Coba lagi saat daring.
settings-notify-browser-failed = Peramban ini gagal mendaftar notifikasi: layanan push-nya tidak menjawab. Coba lagi nanti.
screen-load-failed = Layar ini belum bisa dimuat: kamu sedang offline dan layarnya belum tersimpan di perangkat ini. Sambungkan internet, lalu ketuk Coba lagi.
screen-load-retry = Coba lagi
