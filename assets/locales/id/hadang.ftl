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
hadang-board-title = Ketuk bidakmu atau petak yang disorot untuk melangkah. Untuk penghadang, tekan Hadang, ketuk persilangan celah, putar bila perlu, lalu Pasang.
hadang-status-confirm-wall = Pasang, putar, atau ketuk persilangan lain
hadang-status-pick-crossing = Ketuk persilangan dua celah
hadang-walls-left = Sisa { $count } penghadang
hadang-path-short = { $count } langkah lagi
hadang-action-paths = Jalur
hadang-path-preview = { $before } → { $count } langkah
hadang-action-wall = Hadang
hadang-action-rotate = Putar
hadang-action-place = Pasang


