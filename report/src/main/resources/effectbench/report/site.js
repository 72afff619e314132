(function(){
'use strict';
// The history charts of a cell page: the value of each run, its interval as a bar, and a dashed
// line at each change point. Version charts (.vchart) draw themselves; the self-test checks both.
function errorBar(params, api){
  var x = api.value(0), lo = api.coord([x, api.value(1)]), hi = api.coord([x, api.value(2)]);
  var w = Math.max(2, api.size([1, 0])[0] * 0.12), st = {stroke: '#555', lineWidth: 1.2};
  return {type: 'group', children: [
    {type: 'line', shape: {x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1]}, style: st},
    {type: 'line', shape: {x1: lo[0] - w, y1: lo[1], x2: lo[0] + w, y2: lo[1]}, style: st},
    {type: 'line', shape: {x1: hi[0] - w, y1: hi[1], x2: hi[0] + w, y2: hi[1]}, style: st}]};
}
var holder = document.getElementById('history-data');
var data = holder ? JSON.parse(holder.textContent) : [];
var charts = [];
Array.prototype.forEach.call(document.querySelectorAll('.hchart'), function(el){
  var d = data[+el.getAttribute('data-series')];
  var bars = [];
  d.x.forEach(function(x, i){ if (d.lo[i] != null && d.hi[i] != null) bars.push([i, d.lo[i], d.hi[i]]); });
  var c = echarts.init(el, null, {renderer: 'svg'});
  c.setOption({animation: false, grid: {left: 72, right: 24, top: 28, bottom: 96}, tooltip: {trigger: 'item'},
    xAxis: {type: 'category', data: d.x, axisLabel: {rotate: 30}},
    yAxis: {type: 'value', scale: true, name: d.unit},
    series: [
      {type: 'line', name: 'value', data: d.v, symbolSize: 7,
        markLine: {symbol: 'none', silent: true, lineStyle: {type: 'dashed', color: '#c62828'},
          data: d.changes.map(function(ch){ return {xAxis: d.x[ch.i], label: {formatter: 'change ' + ch.text}}; })}},
      {type: 'custom', name: 'interval', renderItem: errorBar, data: bars, encode: {x: 0, y: [1, 2]}, z: 1, tooltip: {show: false}}
    ]});
  charts.push(c);
});
window.addEventListener('resize', function(){ charts.forEach(function(c){ c.resize(); }); });
if (location.hash === '#selftest') window.addEventListener('load', function(){ setTimeout(function(){
  var all = Array.prototype.slice.call(document.querySelectorAll('.hchart, .vchart')), missing = [];
  all.forEach(function(el, i){
    var svg = el.querySelector('svg'), drawn = svg ? svg.querySelectorAll('path,rect,line,text').length : 0;
    if (!svg || drawn === 0) missing.push(el.className + ':' + i);
  });
  var pre = document.createElement('pre');
  pre.id = 'selftest-result';
  pre.textContent = JSON.stringify({charts: all.length, rendered: all.length - missing.length, missing: missing,
    changeLines: document.querySelectorAll('.hchart svg path[stroke-dasharray]').length,
    errors: window.__reportErrors.slice(), links: Array.prototype.map.call(document.querySelectorAll('a[href]'), function(a){ return a.getAttribute('href'); })});
  document.body.appendChild(pre);
}, 200); });
})();
