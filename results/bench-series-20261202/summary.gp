set terminal pngcairo size 1200,520
set output "results/bench-series-20261202/summary.png"
set title 'misses per read (fio: refaults per read), median and min-max over boots'
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.7 border -1
set boxwidth 0.9
set grid ytics
set yrange [0:*]
set key top right
set xtics font ',9'
plot 'results/bench-series-20261202/summary.dat' using 2:3:4:xtic(1) title 'ORIG: stock MGLRU', 'results/bench-series-20261202/summary.dat' using 5:6:7:xtic(1) title 'RD: the series', 'results/bench-series-20261202/summary.dat' using 8:9:10:xtic(1) title 'NOSPLIT', 'results/bench-series-20261202/summary.dat' using 11:12:13:xtic(1) title 'CLRU: classic LRU'
