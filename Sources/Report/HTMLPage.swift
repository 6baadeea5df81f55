import AtlasMap
import Markup

/// The frame every page shares: one self-contained HTML file, with a Content-Security-Policy
/// that forbids fetching anything (no fonts, images, styles or scripts from anywhere), inline
/// CSS that reads on a phone and prints, and the one small script: labels that follow the
/// pointer over a map. The pictures are whole without it (their labels are `<title>`s).
enum HTMLPage {
    static func document(title: String, style: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
        <title>\(Markup.escape(title))</title>
        <style>
        \(baseStyle)\(style)</style>
        </head>
        <body>
        \(body)<div id="hover-label" hidden></div>
        <script>\(hoverScript)</script>
        </body>
        </html>

        """
    }

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
        @media print{#hover-label{display:none}main{max-width:none;padding:0}}

        """

    /// Shows the `<title>` of the shape under the pointer next to it.
    static let hoverScript = """
        (function(){var l=document.getElementById("hover-label");document.addEventListener("mousemove",function(e){\
        var t=e.target.closest&&e.target.closest("[data-id]");var s=t&&t.querySelector(":scope>title");\
        if(!s){l.hidden=true;return}l.textContent=s.textContent;l.style.left=(e.clientX+12)+"px";\
        l.style.top=(e.clientY+12)+"px";l.hidden=false});})();
        """
}
