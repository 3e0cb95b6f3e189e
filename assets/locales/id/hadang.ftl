# hadang screens (id). Keys start with "hadang-".
hadang-setup-lead = Bawa bidakmu ke sisi seberang. Di giliranmu, melangkah satu petak atau pasang penghadang.
hadang-starts-hint = Yang mulai jadi Pemain 1: berangkat dari e1 dan jalan duluan.
hadang-setup-clock = Jam
hadang-clock-hint = Jam tiap pemain hanya berjalan di gilirannya. Waktu habis berarti kalah.
hadang-clock-none = Tanpa jam
hadang-minutes = { $count } mnt
hadang-setup-increment = Tambahan per langkah
hadang-increment-hint = Detik yang ditambahkan ke jammu setiap kali kamu selesai melangkah.
hadang-seconds = +{ $count } dtk

hadang-board-label = Papan HADANG, 9 kali 9
hadang-board-title = Ketuk bidakmu atau petak yang disorot untuk melangkah. Ketuk celah untuk melihat penghadang, ketuk lagi untuk memasangnya.
hadang-you = Kamu
hadang-player-1 = Pemain 1
hadang-player-2 = Pemain 2
hadang-p1-to-move = Giliran Pemain 1
hadang-p2-to-move = Giliran Pemain 2
hadang-status-confirm-wall = Ketuk penghadang lagi untuk memasang
hadang-walls-left = Sisa { $count } penghadang
hadang-path-short = { $count } langkah lagi
hadang-path-label = Jalur terpendek: { $count } langkah
hadang-clock-label = Sisa waktu
hadang-action-paths = Jalur

hadang-toast-game-over = Permainan sudah selesai.
hadang-toast-wait-bot = Tunggu langkah bot.
hadang-toast-not-target = Ketuk bidakmu atau petak yang disorot.
hadang-refused-h10 = Penghadangmu sudah habis. Gerakkan bidakmu.
hadang-refused-h11 = Penghadang harus berada sepenuhnya di dalam papan.
hadang-refused-h12 = Penghadang tidak boleh bertumpuk atau bersilangan.
hadang-refused-h13 = Penghadang itu akan menutup jalur terakhir.
hadang-refused-other = Langkah itu tidak boleh.

hadang-result-you-win = Kamu menang!
hadang-result-bot-wins = Bot menang
hadang-result-p1-wins = Pemain 1 menang!
hadang-result-p2-wins = Pemain 2 menang!
hadang-reason-goal = Bidak sampai di garis akhir.
hadang-reason-time = Waktu habis.
hadang-reason-resignation = Lawan menyerah.
hadang-reason-you-resigned = Kamu menyerah.

hadang-continue = Lanjutkan HADANG
hadang-continue-summary = { $opponent } · { $moves } langkah
