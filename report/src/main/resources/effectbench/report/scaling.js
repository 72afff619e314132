function effectbenchScalingOption(s){
  function fmt(x){ if (x == null) return '?'; var a = Math.abs(x); return a >= 100 ? x.toFixed(0) : a >= 1 ? x.toFixed(2) : x.toPrecision(3); }
  return {animation: false, title: {text: s.title, textStyle: {fontSize: 12, fontWeight: 'normal'}, left: 'center'},
    legend: {bottom: 0, type: 'scroll'}, grid: {left: 64, right: 16, top: 36, bottom: 56},
    tooltip: {trigger: 'item', formatter: function(p){ var e = s.series[p.seriesIndex].err[p.dataIndex];
      return p.seriesName + ' @ ' + p.name + (s.axis === 'cpus' ? ' cpus' : '') + ': ' + fmt(p.value) + (e == null ? '' : ' ± ' + fmt(e)) + ' ' + s.unit; }},
    xAxis: {type: 'category', name: s.axis, data: s.x, boundaryGap: false},
    yAxis: {type: 'value', scale: true, name: s.unit, nameGap: 8},
    series: s.series.map(function(r){ return {type: 'line', name: r.rt, data: r.y, symbolSize: 7, connectNulls: false}; })};
}
