# Yang dibacakan pembaca layar tentang petak papan, dan cara main dengan papan ketik.
hex-cell-empty = { $cell }, kosong
hex-cell-red = { $cell }, Merah
hex-cell-blue = { $cell }, Biru
cell-last-move = { $name }, langkah terakhir
board-keys-hint = Tombol panah untuk berpindah petak; Enter atau Spasi untuk melangkah.
