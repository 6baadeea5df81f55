import AtlasMap
import Foundation
import Gazetteer
import Markup

/// The frame every page shares: one self-contained HTML file, with a Content-Security-Policy
/// that forbids fetching anything (no fonts, images, styles or scripts from anywhere) and runs
/// no script but its own (allowed by its SHA-256, ``scriptHash``), inline
/// CSS that reads on a phone and prints, and the one small script: labels that follow the
/// pointer over a map, and maps that zoom. The pictures are whole without it (their labels are
/// `<title>`s, a zoomable map shows all of itself and its buttons stay hidden).
enum HTMLPage {
    static func document(title: String, style: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src '\(scriptHash)'; img-src data:">
        <title>\(Markup.escape(title))</title>
        <style>
        \(baseStyle)\(style)</style>
        </head>
        <body>
        \(body)<div id="hover-label" hidden></div>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    /// The page's one script, and its hash: the policy allows that script and no other, not
    /// even one that text in the data might smuggle in.
    static let script = hoverScript + zoomScript
    static let scriptHash = {
        var hash = SHA256()
        hash.update(Array(script.utf8))
        return "sha256-" + Data(hash.digest()).base64EncodedString()
    }()

    /// A map's legend as text that reflows: the classes of days, land not visited, the city dots
    /// and (when the map draws them) the airport diamonds.
    static func legend(airports: Bool = true) -> String {
        var items = DayScale.legend.map { "<li><span style=\"background:\($0.colour)\"></span>\(Markup.escape($0.label))</li>" }
        items.append("<li><span class=\"dot\"></span>city, by days</li>")
        if airports { items.append("<li><span class=\"diamond\"></span>airport</li>") }
        return "<ul class=\"legend\">" + items.joined() + "</ul>\n"
    }

    static let baseStyle = """
        *{box-sizing:border-box}
        body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#222;background:#fff}
        main{max-width:1100px;margin:0 auto;padding:16px}
        svg.atlas-map{display:block;width:100%;height:auto}
        #hover-label{position:fixed;pointer-events:none;background:#222;color:#fff;padding:2px 7px;border-radius:4px;font-size:13px;white-space:nowrap;z-index:9}
        .legend{list-style:none;padding:0;margin:6px 0 0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:12px;color:#444}
        .legend span{display:inline-block;width:14px;height:10px;margin-right:5px;vertical-align:-1px}
        .legend .dot{width:8px;height:8px;border-radius:50%;background:\(DayScale.city)}
        .legend .diamond{width:7px;height:7px;background:#444;transform:rotate(45deg)}
        .credit{font-size:11px;color:#666;margin:4px 0 0}
        .zoomable{position:relative}
        .map-controls{display:flex;flex-wrap:wrap;gap:6px;margin:0 0 6px}
        .map-controls[hidden]{display:none}
        .map-controls button{font:inherit;font-size:15px;min-width:36px;height:34px;padding:0 10px;border:1px solid #bbb;background:#fff;color:#222;border-radius:6px;cursor:pointer}
        .level-switch{display:inline-flex;margin-left:auto}
        .level-switch button{border-radius:6px 0 0 6px}
        .level-switch button+button{border-radius:0 6px 6px 0;border-left:none}
        .level-switch button[aria-pressed=true]{background:#333;border-color:#333;color:#fff}
        .zoomable>svg{touch-action:pan-y;cursor:grab;overflow:hidden}
        .zoomable[data-zoom]:not([data-zoom="1"])>svg{touch-action:none}
        .zoomable>svg:focus-visible{outline:2px solid #2b6cb0;outline-offset:2px}
        .zoomable[data-level=country] .level-region,.zoomable[data-level=region] .level-country{display:none}
        .leveled text[data-z]{display:none}
        @media print{#hover-label,.map-controls{display:none}main{max-width:none;padding:0}}

        """

    /// Shows the `<title>` of the shape under the pointer next to it.
    static let hoverScript = """
        (function(){var l=document.getElementById("hover-label");document.addEventListener("mousemove",function(e){\
        var t=e.target.closest&&e.target.closest("[data-id]");var s=t&&t.querySelector(":scope>title");\
        if(!s){l.hidden=true;return}l.textContent=s.textContent;l.style.left=(e.clientX+12)+"px";\
        l.style.top=(e.clientY+12)+"px";l.hidden=false});})();
        """

    /// Makes every `.zoomable` map pan and zoom by changing its SVG's `viewBox`: the wheel, two
    /// fingers, dragging, its + − and whole-map buttons, and the keyboard on the focused map
    /// (+ −, arrows, 0). A wheel that cannot zoom further scrolls the page, and so does a finger
    /// on the whole map (only a zoomed map takes one-finger drags). The names of ``LabelLayout/svg(_:fontSize:halo:)`` (`.leveled`), the
    /// city dots and the borders (`.shapes`) keep their size on screen, and the names placed
    /// for a zoom show from that zoom on (until the zoom they give way at). Its level buttons set `data-level`, which the CSS
    /// answers by showing one level's fills.
    static let zoomScript = """
        (function(){document.querySelectorAll(".zoomable").forEach(function(box){\
        var svg=box.querySelector("svg"),b=svg.viewBox.baseVal,X=b.x,Y=b.y,W=b.width,H=b.height,max=+box.dataset.maxZoom||8,z=1,x=X,y=Y,\
        shapes=svg.querySelector(".shapes"),groups=svg.querySelectorAll(".leveled"),texts=svg.querySelectorAll(".leveled text"),\
        dots=[].map.call(svg.querySelectorAll("circle.city"),function(c){return[c,+c.getAttribute("r"),+c.getAttribute("stroke-width")]}),\
        marks=[].map.call(svg.querySelectorAll(".airport[transform]"),function(a){return[a,a.getAttribute("transform")]}),\
        controls=box.querySelector(".map-controls"),down={};\
        function show(){var w=W/z,h=H/z;x=Math.min(Math.max(x,X),X+W-w);y=Math.min(Math.max(y,Y),Y+H-h);\
        svg.setAttribute("viewBox",[x,y,w,h].map(function(v){return+v.toFixed(2)}).join(" "));\
        if(shapes)shapes.setAttribute("stroke-width",shapes.dataset.stroke/z);\
        groups.forEach(function(g){g.setAttribute("font-size",g.dataset.font/z);g.setAttribute("stroke-width",g.dataset.halo/z)});\
        var q=z*1.0001;texts.forEach(function(t){t.style.display=(+t.dataset.z||1)<=q&&!(q>=+t.dataset.until)?"inline":"none"});\
        dots.forEach(function(d){d[0].setAttribute("r",d[1]/z);if(d[2])d[0].setAttribute("stroke-width",d[2]/z)});\
        marks.forEach(function(m){m[0].setAttribute("transform",m[1]+" scale("+1/z+")")});box.dataset.zoom=+z.toFixed(3)}\
        function zoom(f,px,py){var n=Math.min(Math.max(z*f,1),max);if(n==z)return;var ax=x+px*W/z,ay=y+py*H/z;z=n;x=ax-px*W/z;y=ay-py*H/z;show()}\
        function pan(dx,dy){x+=dx*W/z;y+=dy*H/z;show()}\
        function at(cx,cy){var r=svg.getBoundingClientRect();return[(cx-r.left)/r.width,(cy-r.top)/r.height]}\
        svg.addEventListener("wheel",function(e){var f=Math.pow(2,-e.deltaY*(e.deltaMode?0.05:0.002));\
        if(f<1?z<=1:z>=max)return;e.preventDefault();var p=at(e.clientX,e.clientY);zoom(f,p[0],p[1])},{passive:false});\
        svg.addEventListener("pointerdown",function(e){down[e.pointerId]=[e.clientX,e.clientY];try{svg.setPointerCapture(e.pointerId)}catch(_){}});\
        svg.addEventListener("pointermove",function(e){var p=down[e.pointerId];if(!p)return;var ids=Object.keys(down),r=svg.getBoundingClientRect();\
        down[e.pointerId]=[e.clientX,e.clientY];if(ids.length==1){pan((p[0]-e.clientX)/r.width,(p[1]-e.clientY)/r.height);return}\
        var o=down[ids[0]==e.pointerId?ids[1]:ids[0]],d0=Math.hypot(p[0]-o[0],p[1]-o[1]),d1=Math.hypot(e.clientX-o[0],e.clientY-o[1]),\
        m=at((e.clientX+o[0])/2,(e.clientY+o[1])/2);if(d0>0)zoom(d1/d0,m[0],m[1])});\
        function up(e){delete down[e.pointerId]}svg.addEventListener("pointerup",up);svg.addEventListener("pointercancel",up);\
        svg.addEventListener("keydown",function(e){var k=e.key;if(k=="+"||k=="=")zoom(1.5,.5,.5);else if(k=="-"||k=="_")zoom(1/1.5,.5,.5);\
        else if(k=="0"){z=1;show()}else if(k=="ArrowLeft")pan(-.1,0);else if(k=="ArrowRight")pan(.1,0);else if(k=="ArrowUp")pan(0,-.1);\
        else if(k=="ArrowDown")pan(0,.1);else return;e.preventDefault()});\
        if(!controls)return;controls.hidden=false;controls.addEventListener("click",function(e){var t=e.target.closest("button");if(!t)return;\
        var a=t.dataset.zoom;if(a=="in")zoom(2,.5,.5);else if(a=="out")zoom(.5,.5,.5);else if(a=="reset"){z=1;show()}\
        else if(t.dataset.level){box.dataset.level=t.dataset.level;\
        controls.querySelectorAll("[data-level]").forEach(function(o){o.setAttribute("aria-pressed",String(o==t))})}})})})();
        """
}
