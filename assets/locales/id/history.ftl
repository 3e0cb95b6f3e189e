# Catatan langkah, melihat ke belakang, petunjuk, ulasan dan permainan selesai.
log-label = Langkah
log-empty = Belum ada langkah
log-viewing = Langkah { $move } (dari { $moves })
log-viewing-start = Posisi awal
log-previous = Langkah sebelumnya
log-next = Langkah berikutnya
log-live = Kembali ke permainan
log-toast-looking-back = Kamu sedang melihat posisi sebelumnya. Ketuk "Kembali ke permainan" untuk bermain.
action-hint = Petunjuk
hint-thinking = Sang Ahli sedang mencari langkah…
hint-notice = Petunjuk: { $move } · peluangmu { $percent }%
hints-used = Petunjuk dipakai: { $count }
action-review = Ulas
review-title = Ulasan
review-missing = Permainan ini tidak lagi tersimpan di perangkat ini.
review-unreadable = Permainan ini tidak bisa dibaca: { $reason }
review-progress = Menganalisis { $done }/{ $total }
review-stop = Berhenti
review-pick = Ketuk langkah di daftar atau di grafik untuk melihatnya di papan.
review-no-moves = Tidak ada langkah yang dimainkan dalam permainan ini.
review-better = lebih baik: { $move }
review-show-better = Lebih baik
review-show-played = Dimainkan
review-worst = Tunjukkan kesalahan terburuk
review-no-errors = tanpa kesalahan
review-error-rate = tingkat kesalahan { $rate } mp per langkah
review-graph-label = Peluang menangmu sepanjang permainan
mark-forced = terpaksa
mark-best = terbaik
mark-good = baik
mark-inaccuracy = kurang tepat
mark-mistake = kesalahan
mark-blunder = kesalahan fatal
mark-doubtful = meragukan
mark-bad = buruk
mark-very-bad = sangat buruk
finished-title = Permainan selesai
finished-sub = { $count } tersimpan di perangkat ini · ulas, ekspor
finished-empty = Belum ada permainan selesai. Permainan yang kamu selesaikan muncul di sini.
finished-corrupt = Daftar permainan selesai tidak bisa dibaca dan disisihkan: { $reason }
finished-won = { $who } menang
finished-draw = Seri
finished-unfinished = Belum selesai
finished-meta = Lawan: { $opponent } · { $moves } langkah
review-count-inaccuracy = { $count } kurang tepat
review-count-mistake = { $count } kesalahan
review-count-blunder = { $count } kesalahan fatal
review-count-doubtful = { $count } meragukan
review-count-bad = { $count } buruk
review-count-very-bad = { $count } sangat buruk
export-open = Ekspor
export-title = Ekspor permainan ini
export-copy = Salin
export-download = Simpan berkas
import-title = Impor permainan
import-help = Tempel permainan yang diekspor dari Papan, berkas SGF HexGui atau berkas .mat GNU Backgammon.
import-game = Permainan
import-text = Teks permainan
import-go = Impor dan ulas
import-refused = Teks ini tidak bisa dibaca: { $reason }
rules-title = Aturan
rules-lead = Setiap aturan punya kode. Saat langkah ditolak, pesannya menyebut aturannya; ketuk kodenya untuk membacanya di sini.
rules-open = Baca aturannya
log-last-move = { $who }: { $move }
# Review: step bar, graph axes, Jun Qi's view switch; finished list dates and imports (issue 33).
review-steps = Telusuri permainan langkah demi langkah
review-step-first = Ke awal
review-step-last = Ke akhir
review-graph-title = Peluang menang: { $who }
review-view-label = Tampilkan
review-view-seat = Yang diketahui { $who }
review-view-you = Yang kamu ketahui
review-view-all = Semuanya
finished-date = { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] Mei
        [6] Jun
        [7] Jul
        [8] Agu
        [9] Sep
        [10] Okt
        [11] Nov
       *[12] Des
    } { $year }, { $time }
finished-imported-meta = Diimpor · { $first } vs { $second } · { $moves } langkah
finished-imported-unfinished = Diimpor, belum selesai
# Impor: berkas pertandingan berisi beberapa permainan, aksi dadu penggandaan disisihkan (issue 36).
import-match-games = Berkas pertandingan ini berisi { $count } permainan. Buka salah satunya:
import-match-game = Permainan { $number } (skor { $first }–{ $second })
import-match-cube = { $count } aksi dadu penggandaan disisihkan
import-match-open = Buka
review-left-aside = Papan dimainkan tanpa dadu penggandaan; aksi dadu penggandaan dari berkas disisihkan: { $actions }.
review-file-points = Berkas memberi permainan ini { $points } poin; poin di sini dihitung dari papan saja.
export-hint-gnubg = Di GNU Backgammon, ketik "set jacoby off" sebelum mengimpor berkas ini, agar gammon bernilai 2 poin dan backgammon 3 poin, sama seperti di sini.
# Backgammon review: rating words, luck; the dice page (bg-analysis, issue 35).
rating-supernatural = Supranatural
rating-world-class = Kelas dunia
rating-expert = Ahli
rating-advanced = Mahir
rating-intermediate = Menengah
rating-casual = Pemain santai
rating-beginner = Pemula
rating-awful = Payah
luck-lucky = beruntung
luck-even = dadu biasa saja
luck-unlucky = sial
review-luck = keberuntungan { $luck } mp dari { $rolls } lemparan · { $fortune }
dice-open = Dadumu dibandingkan dadu yang adil
dice-title = Dadu
dice-lead = Setiap lemparan dari { $games } permainan backgammon yang tersimpan di perangkat ini, dibandingkan dengan dadu yang adil.
dice-empty = Belum ada lemparan backgammon: selesaikan satu permainan, dan dadunya dihitung di sini.
dice-you = Kamu
dice-bots = Bot
dice-online = Pemain daring
dice-guest = Pemain kedua di perangkat ini
dice-rolls = { $count } lemparan
dice-what = Ukuran
dice-seen = Hasil (interval 95%)
dice-fair = Dadu adil
dice-doubles = Dobel
dice-pips = Pip per lemparan
dice-face = Mata { $face }
dice-commitment = Permainan daring: sebelum lemparan pertama, server mengunci benih rahasia yang menentukan setiap lemparan (lewat hash SHA-256-nya) dan membukanya saat permainan selesai. Papan mengulang setiap lemparan dari benih itu dan menulis "Dadu adil" di kartu hasil: setelah permainan dimulai, server tidak bisa mengubah satu lemparan pun.
dice-commitment-link = Cara dadu dilempar (aturan B5)
dice-note = Lemparan pembuka tidak dihitung (dobel dilempar ulang di sana), begitu juga permainan impor. Nilai sebenarnya ada di dalam intervalnya 19 dari 20 kali: dadu yang adil pun keluar dari intervalnya kira-kira di satu dari dua puluh baris.
