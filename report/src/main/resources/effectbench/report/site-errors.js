window.__reportErrors=[];
window.addEventListener('error',function(e){var t=e.target;if(t&&t!==window&&(t.src||t.href)){window.__reportErrors.push('failed to load '+(t.src||t.href));return;}window.__reportErrors.push(String(e.message||e.type)+' @'+(e.filename||'')+':'+(e.lineno||''));},true);
window.addEventListener('unhandledrejection',function(e){window.__reportErrors.push('unhandled rejection: '+String(e.reason));});
(function(){var ce=console.error;console.error=function(){window.__reportErrors.push('console.error: '+Array.prototype.map.call(arguments,String).join(' '));return ce.apply(console,arguments);};})();
