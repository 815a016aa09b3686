set terminal pngcairo size 1200,520
set output "results/final-20261205/summary.png"
set title 'misses per read (fio: refaults per read), median and min-max over boots'
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.7 border -1
set boxwidth 0.9
set grid ytics
set yrange [0:*]
set key top right
set xtics font ',9'
plot 'results/final-20261205/summary.dat' using 2:3:4:xtic(1) title 'ORIG: stock MGLRU', 'results/final-20261205/summary.dat' using 5:6:7:xtic(1) title 'FINAL', 'results/final-20261205/summary.dat' using 8:9:10:xtic(1) title 'NORANDOM', 'results/final-20261205/summary.dat' using 11:12:13:xtic(1) title 'NOSWEEP', 'results/final-20261205/summary.dat' using 14:15:16:xtic(1) title 'NOSPLIT', 'results/final-20261205/summary.dat' using 17:18:19:xtic(1) title 'NORD', 'results/final-20261205/summary.dat' using 20:21:22:xtic(1) title 'CLRU: classic LRU'
