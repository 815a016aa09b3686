set terminal pngcairo size 1200,480
set output "/work/main/results/iops-final-20261207/plot.png"
set multiplot layout 1,2 title 'fd cells, 256 MiB memcg: median and min-max over boots'
set xlabel 'zipf theta'
set key top right
set grid
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
set ylabel 'refaults per read'
plot '/work/main/results/iops-final-20261207/plot.dat' index 0 using 1:2:3:4 with yerrorlines title 'ORIG', '/work/main/results/iops-final-20261207/plot.dat' index 1 using 1:2:3:4 with yerrorlines title 'FINAL', '/work/main/results/iops-final-20261207/plot.dat' index 2 using 1:2:3:4 with yerrorlines title 'CLRU'
set ylabel 'IOPS'
plot '/work/main/results/iops-final-20261207/plot.dat' index 0 using 1:5:6:7 with yerrorlines title 'ORIG', '/work/main/results/iops-final-20261207/plot.dat' index 1 using 1:5:6:7 with yerrorlines title 'FINAL', '/work/main/results/iops-final-20261207/plot.dat' index 2 using 1:5:6:7 with yerrorlines title 'CLRU'
unset multiplot
