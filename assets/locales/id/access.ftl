# Yang dibacakan pembaca layar tentang petak papan, dan cara main dengan papan ketik.
cell-empty = { $cell }, kosong
hex-cell-red = { $cell }, Merah
hex-cell-blue = { $cell }, Biru
cell-last-move = { $name }, langkah terakhir
board-keys-hint = Tombol panah untuk berpindah petak; Enter atau Spasi untuk melangkah.
spot-selected = { $name }, dipilih
spot-target = { $name }, bisa dituju
bg-bar-label = Bar, { $mine } milikmu, { $theirs } milik lawan
bg-off-label = Sudah keluar, { $mine } milikmu, { $theirs } milik lawan
notices-label = Pesan permainan
hadang-cell-pawn = { $cell }, bidak { $who }
hadang-crossing = Persilangan di kanan atas { $cell }
junqi-post-facedown = { $cell }, bidak tertutup
junqi-post-piece = { $cell }, { $piece } { $colour }
zoom-in = Perbesar papan
zoom-out = Perkecil
# Dibacakan (issue 33): sisi petak HADANG yang tertutup penghadang (seperti
# tergambar: utara adalah atas layar), dan dadu backgammon.
hadang-wall-north = { $name }, penghadang di utara
hadang-wall-east = { $name }, penghadang di timur
hadang-wall-south = { $name }, penghadang di selatan
hadang-wall-west = { $name }, penghadang di barat
bg-dice = Dadu: { $high } dan { $low }
bg-dice-double = Dadu: kembar { $face }
bg-dice-to-play = { $dice }; belum dimainkan: { $left }
bg-dice-all-played = { $dice }; semua sudah dimainkan
