set terminal pngcairo size 1200,480
set output "/work/main/results/series-confirm-20261208/plot.png"
set multiplot layout 1,2 title 'fd cells, 256 MiB memcg: median and min-max over boots'
set xlabel 'zipf theta'
set key top right
set grid
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
set ylabel 'refaults per read'
plot '/work/main/results/series-confirm-20261208/plot.dat' index 0 using 1:2:3:4 with yerrorlines title 'NEW'
set ylabel 'IOPS'
plot '/work/main/results/series-confirm-20261208/plot.dat' index 0 using 1:5:6:7 with yerrorlines title 'NEW'
unset multiplot
