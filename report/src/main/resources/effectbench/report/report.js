(function(){
'use strict';
var data = JSON.parse(document.getElementById('report-data').textContent);
var charts = [];
function fmt(x){ if (x == null) return '?'; var a = Math.abs(x); return a >= 100 ? x.toFixed(0) : a >= 1 ? x.toFixed(2) : x.toPrecision(3); }
function errorBar(params, api){
  var x = api.value(0), lo = api.coord([x, api.value(1)]), hi = api.coord([x, api.value(2)]);
  var w = api.size([1, 0])[0] * 0.12, st = {stroke: '#222', lineWidth: 1.3};
  return {type: 'group', children: [
    {type: 'line', shape: {x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1]}, style: st},
    {type: 'line', shape: {x1: lo[0] - w, y1: lo[1], x2: lo[0] + w, y2: lo[1]}, style: st},
    {type: 'line', shape: {x1: hi[0] - w, y1: hi[1], x2: hi[0] + w, y2: hi[1]}, style: st}]};
}
function quantile(xs, q){ var p = q * (xs.length - 1), lo = Math.floor(p), hi = Math.min(lo + 1, xs.length - 1); return xs[lo] + (p - lo) * (xs[hi] - xs[lo]); }
function base(title, rows){
  return {animation: false, title: {text: title, textStyle: {fontSize: 12, fontWeight: 'normal'}, left: 'center'},
    tooltip: {trigger: 'item'}, grid: {left: 64, right: 16, top: 36, bottom: 64},
    xAxis: {type: 'category', data: rows.map(function(r){ return r.rt; }), axisLabel: {rotate: rows.length > 4 ? 30 : 0, interval: 0}}};
}
function option(kind, g){
  var rows = g.rows;
  if (kind === 'ratio') {
    var o = base('× the fastest (1 = fastest, lower is better)', rows);
    o.yAxis = {type: 'value', min: 0, name: '× slower', nameGap: 8};
    o.series = [{type: 'bar', name: 'vs fastest', data: rows.map(function(r){
        return {value: r.sd, itemStyle: {color: r.fastest ? '#2e7d32' : r.tie ? '#9ccc65' : '#5470c6'}}; }),
      label: {show: true, position: 'insideBottom', formatter: function(p){ return fmt(p.value) + '×'; }, color: '#fff', fontSize: 10}},
      {type: 'custom', name: 'interval', renderItem: errorBar, z: 10, encode: {x: 0, y: [1, 2]},
       data: rows.map(function(r, i){ return [i, r.lo, r.hi]; }).filter(function(d){ return d[1] != null && d[2] != null; })}];
    return o;
  }
  if (kind === 'alloc') {
    var o2 = base('allocation per operation (B/op)', rows);
    o2.yAxis = {type: 'value', min: 0, name: 'B/op', nameGap: 8};
    o2.series = [{type: 'bar', name: 'B/op', itemStyle: {color: '#fa8c16'}, data: rows.map(function(r){ return r.alloc; }),
      label: {show: true, position: 'top', formatter: function(p){ return fmt(p.value); }, fontSize: 10}},
      {type: 'custom', name: 'interval', renderItem: errorBar, z: 10, encode: {x: 0, y: [1, 2]},
       data: rows.map(function(r, i){ return r.alloc == null || r.allocErr == null ? null : [i, Math.max(0, r.alloc - r.allocErr), r.alloc + r.allocErr]; }).filter(function(d){ return d; })}];
    return o2;
  }
  if (kind === 'forks') {
    // A strip plot of each cell's fork means: one point per launch, coloured by its launch state, so
    // a cell whose launches split into states shows it at a glance.
    var o4 = base('fork means, one point per launch (' + g.unit + ')', rows);
    o4.yAxis = {type: 'log', name: g.unit, nameGap: 8};
    var colours = ['#1565c0', '#d4380d', '#389e0d', '#722ed1'];
    var byState = {};
    rows.forEach(function(r, i){ (r.forks || []).forEach(function(f){
      var s = f.state || 0; (byState[s] = byState[s] || []).push([i + (((f.fork * 37) % 11) - 5) * 0.03, f.mean, f.fork, s + 1]);
    }); });
    o4.xAxis.type = 'value'; o4.xAxis.min = -0.5; o4.xAxis.max = rows.length - 0.5; o4.xAxis.interval = 1;
    o4.xAxis.axisLabel = {formatter: function(v){ var r = rows[Math.round(v)]; return r && Math.abs(v - Math.round(v)) < 1e-6 ? r.rt : ''; }, rotate: rows.length > 4 ? 30 : 0};
    o4.series = Object.keys(byState).map(function(s){
      return {type: 'scatter', name: 'state ' + (+s + 1), symbolSize: 7, itemStyle: {color: colours[s % colours.length]}, data: byState[s],
        tooltip: {formatter: function(p){ return 'fork ' + p.value[2] + ' (state ' + p.value[3] + '): ' + fmt(p.value[1]); }}};
    });
    return o4;
  }
  var o3 = base('every iteration (' + g.unit + ')', rows);
  o3.yAxis = {type: 'value', scale: true, name: g.unit, nameGap: 8};
  var boxes = rows.map(function(r){
    var xs = [].concat.apply([], r.raw).filter(function(x){ return x != null; }).sort(function(a, b){ return a - b; });
    return xs.length ? [xs[0], quantile(xs, 0.25), quantile(xs, 0.5), quantile(xs, 0.75), xs[xs.length - 1]] : [];
  });
  var points = [];
  rows.forEach(function(r, i){ r.raw.forEach(function(fork, f){ fork.forEach(function(v){ if (v != null) points.push([i, v, f + 1]); }); }); });
  o3.series = [{type: 'boxplot', name: 'iterations', data: boxes, itemStyle: {color: '#e3f2fd', borderColor: '#1565c0'}},
    {type: 'scatter', name: 'iteration', symbolSize: 4, itemStyle: {color: 'rgba(0,0,0,0.45)'}, data: points,
     tooltip: {formatter: function(p){ return 'fork ' + p.value[2] + ': ' + fmt(p.value[1]); }}}];
  return o3;
}
function render(el){
  if (el.getAttribute('data-rendered')) return;
  el.setAttribute('data-rendered', '1');
  var g = data.groups[+el.getAttribute('data-group')];
  var c = echarts.init(el, null, {renderer: 'svg'});
  c.setOption(el.getAttribute('data-kind') === 'scaling' ? effectbenchScalingOption(data.scaling[+el.getAttribute('data-scaling')]) : option(el.getAttribute('data-kind'), g));
  charts.push(c);
}
var all = Array.prototype.slice.call(document.querySelectorAll('.chart'));
// The first screen as a reader sees it, before the self-test opens every section: the page's width
// against the window's, and where the summary grid starts.
function layout(){
  var de = document.documentElement, grid = document.getElementById('summary-grid');
  var r = grid ? grid.getBoundingClientRect() : null;
  return {innerWidth: window.innerWidth, innerHeight: window.innerHeight, clientWidth: de.clientWidth, scrollWidth: de.scrollWidth,
    gridTop: r ? r.top + window.scrollY : null, gridBottom: r ? r.bottom + window.scrollY : null, gridRight: r ? r.right : null};
}
var firstScreen = location.hash === '#selftest' ? layout() : null;
var io = ('IntersectionObserver' in window) ? new IntersectionObserver(function(es){
  es.forEach(function(e){ if (e.isIntersecting) { io.unobserve(e.target); render(e.target); } });
}, {rootMargin: '300px'}) : null;
if (location.hash === '#selftest' || !io) {
  Array.prototype.forEach.call(document.querySelectorAll('details'), function(d){ d.open = true; });
  all.forEach(render);
} else {
  // Charts already on screen render now; the rest when they scroll into view or their section opens.
  all.forEach(function(el){
    var r = el.getBoundingClientRect();
    if (el.offsetParent !== null && r.top < window.innerHeight + 300 && r.bottom > -300) render(el); else io.observe(el);
  });
}
// A link to a section or a table opens the sections around it (a table sits inside its scenario's).
function openHash(){
  var id = decodeURIComponent(location.hash.slice(1)), el = id && document.getElementById(id);
  if (!el || (el.tagName !== 'DETAILS' && !el.closest('details'))) return;
  for (var p = el; p; p = p.parentElement) if (p.tagName === 'DETAILS') p.open = true;
  el.scrollIntoView();
}
openHash(); window.addEventListener('hashchange', openHash);
var resizing = null;
window.addEventListener('resize', function(){ clearTimeout(resizing); resizing = setTimeout(function(){ charts.forEach(function(c){ c.resize(); }); }, 100); });
if (location.hash === '#selftest') setTimeout(function(){
  var missing = [];
  all.forEach(function(el){
    var svg = el.querySelector('svg'), canvas = el.querySelector('canvas');
    var drawn = svg ? svg.querySelectorAll('path,rect,line,text').length : 0;
    if (!(svg || canvas) || (svg && drawn === 0)) missing.push(el.getAttribute('data-group') + ':' + el.getAttribute('data-kind'));
  });
  // With every section open: each results table (and the grid) must end inside the window.
  var width = document.documentElement.clientWidth, wide = [];
  Array.prototype.forEach.call(document.querySelectorAll('table.res, table.summary'), function(t){
    var r = t.getBoundingClientRect();
    if (r.right > width + 0.5 || r.left < -0.5) wide.push((t.previousElementSibling ? t.previousElementSibling.textContent : t.className) + ': ' + Math.round(r.right) + ' > ' + width);
  });
  var res = {charts: all.length, rendered: all.length - missing.length, missing: missing,
    firstScreen: firstScreen, openLayout: layout(), tablesTooWide: wide,
    errors: window.__reportErrors.slice(), injected: !!window.__pwned, scriptElements: document.querySelectorAll('script').length,
    resultsShowScriptText: (document.getElementById('results') || document.body).textContent.indexOf('<script>') >= 0};
  var pre = document.createElement('pre');
  pre.id = 'selftest-result';
  pre.textContent = JSON.stringify(res);
  document.body.appendChild(pre);
}, 200);
})();
