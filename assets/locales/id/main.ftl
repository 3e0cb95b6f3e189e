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
action-undo = Batalkan
action-resign = Menyerah
action-rematch = Main lagi
action-cancel = Batal
action-dismiss = Oke
coming-soon = Segera hadir

game-hex = Hex
game-hex-tagline = Hubungkan kedua sisimu lebih dulu dari lawan.
game-hadang = HADANG
game-hadang-tagline = Adu cepat ke seberang; hadang dengan dinding.
game-junqi = Jun Qi buka
game-junqi-tagline = Buka bidak tertutup, rebut bendera.
game-backgammon = Backgammon
game-backgammon-tagline = Lempar dadu, berpacu, keluarkan bidak.

continue-hex = Lanjutkan Hex
continue-summary = { $size }×{ $size } · { $opponent } · { $moves } langkah
save-corrupt = Permainan yang tersimpan tidak bisa dibaca: { $reason }. Salinannya tetap disimpan, dan kamu bisa mulai permainan baru.
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
players-vs-bot = Kamu: { $mine } · { $bot }: { $theirs }
players-hotseat = Merah: atas–bawah · Biru: kiri–kanan
status-your-turn = Giliranmu
status-your-turn-swap = Giliranmu: taruh batu atau tukar
status-bot-turn = Giliran bot
bot-thinking = Bot sedang berpikir
status-red-to-move = Giliran Merah
status-blue-to-move = Giliran Biru
status-over = Permainan selesai
estimate-pending = Peluangmu: …
estimate-label = Peluangmu: { $percent }%

toast-occupied = Petak itu sudah terisi.
toast-wait-bot = Tunggu langkah bot.
toast-game-over = Permainan sudah selesai.
toast-off-board = Itu di luar papan.
toast-illegal = Langkah itu tidak boleh.
toast-swap-not-allowed = Tukar tidak bisa dilakukan sekarang.

resign-title = Menyerah di permainan ini?
resign-body = Lawanmu akan dinyatakan menang.

result-you-win = Kamu menang!
result-bot-wins = Bot menang
result-red-wins = Merah menang!
result-blue-wins = Biru menang!
reason-connection = Satu rantai menghubungkan kedua sisi.
reason-resignation = Pemain lain menyerah.
reason-you-resigned = Kamu menyerah.

settings-title = Pengaturan
settings-language = Bahasa
settings-theme = Tema
theme-system = Ikuti perangkat
theme-light = Terang
theme-dark = Gelap
settings-play = Permainan
settings-sound = Suara
settings-estimate = Tampilkan perkiraan bot
settings-estimate-hint = Menampilkan peluang menangmu menurut bot.
