set terminal pngcairo size 1200,480
set output "/work/main/build/bench/results/rdexp2/plot.png"
set multiplot layout 1,2 title 'trace cells, 128 MiB memcg: median and min-max over boots'
set xlabel 'zipf theta'
set key top right
set grid
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
set ylabel 'misses per read'
plot '/work/main/build/bench/results/rdexp2/plot.dat' index 0 using 1:2:3:4 with yerrorlines title 'FG', '/work/main/build/bench/results/rdexp2/plot.dat' index 1 using 1:2:3:4 with yerrorlines title 'RD', '/work/main/build/bench/results/rdexp2/plot.dat' index 2 using 1:2:3:4 with yerrorlines title 'FGTB', '/work/main/build/bench/results/rdexp2/plot.dat' index 3 using 1:2:3:4 with yerrorlines title 'RDTB'
set ylabel 'reads/s'
plot '/work/main/build/bench/results/rdexp2/plot.dat' index 0 using 1:5:6:7 with yerrorlines title 'FG', '/work/main/build/bench/results/rdexp2/plot.dat' index 1 using 1:5:6:7 with yerrorlines title 'RD', '/work/main/build/bench/results/rdexp2/plot.dat' index 2 using 1:5:6:7 with yerrorlines title 'FGTB', '/work/main/build/bench/results/rdexp2/plot.dat' index 3 using 1:5:6:7 with yerrorlines title 'RDTB'
unset multiplot
