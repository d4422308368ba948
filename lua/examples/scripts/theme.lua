-- The example's theme: the colour and font tokens the other scripts use
-- ("@accent", "@title"...), with their light and dark values. The engine
-- resolves them when a component renders; a host switches light and dark
-- with sdui_set_appearance (the terminal host: d), a handler with
-- ctx.emit(ui.appearance("toggle")).
return {
  theme = {
    colors = {
      accent = { light = "#1d4ed8", dark = "#93c5fd" },   -- the notice's background
      onAccent = { light = "#ffffff", dark = "#0f172a" }, -- text on it
      heading = { light = "#1e3a8a", dark = "#bfdbfe" },  -- section headings
      muted = { light = "#6b7280", dark = "#9ca3af" },    -- secondary text
      surface = { light = "#e5e7eb", dark = "#1f2937" },  -- a card's background (scripts_v2)
    },
    fonts = {
      title = "title",
      section = "headline",
      note = "caption",
    },
  },
}
