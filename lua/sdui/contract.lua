-- sdui.contract: the view contract of the core (Sources/SDUICore/View/ViewContract.swift) as data.
-- Generated: do not edit. Regenerate with `make contract`; `swift test` fails when it is out of date.
-- lua/sdui/ui.lua builds its tables from it; it is embedded and preloaded like sdui.ui.
return {
  -- Node kinds: content members (string, enum (one of values), boolean
  -- (a button's "disabled", an input's "multiple"), and an input's typed
  -- members: number, options (an array of {title = string, value =
  -- string}), binding ("service/path"), validation (a table: required,
  -- pattern, minLength, maxLength, message)), whether the kind takes
  -- children and an action, whether only the engine renders it.
  kinds = {
    { name = "text", members = { { name = "text", type = "string", required = true } },
      children = false, action = false, engine_only = false },
    { name = "image", members = { { name = "url", type = "string", required = true }, { name = "placeholder", type = "string", required = false }, { name = "alt", type = "string", required = false } },
      children = false, action = true, engine_only = false },
    { name = "button", members = { { name = "label", type = "string", required = false }, { name = "tooltip", type = "string", required = false }, { name = "disabled", type = "boolean", required = false } },
      children = true, action = true, engine_only = false },
    { name = "vstack", members = {},
      children = true, action = true, engine_only = false },
    { name = "hstack", members = {},
      children = true, action = true, engine_only = false },
    { name = "zstack", members = {},
      children = true, action = true, engine_only = false },
    { name = "spacer", members = {},
      children = false, action = false, engine_only = false },
    { name = "list", members = {},
      children = true, action = true, engine_only = false },
    { name = "input", members = { { name = "name", type = "string", required = true }, { name = "value", type = "string", required = false }, { name = "placeholder", type = "string", required = false }, { name = "kind", type = "enum", values = { "text", "multiline", "number", "date", "time", "toggle", "choice" }, required = false }, { name = "format", type = "enum", values = { "email", "tel", "url", "password" }, required = false }, { name = "min", type = "number", required = false }, { name = "max", type = "number", required = false }, { name = "title", type = "string", required = false }, { name = "onValue", type = "string", required = false }, { name = "offValue", type = "string", required = false }, { name = "display", type = "enum", values = { "compact", "expanded" }, required = false }, { name = "multiple", type = "boolean", required = false }, { name = "options", type = "options", required = false }, { name = "bind", type = "binding", required = false }, { name = "validation", type = "validation", required = false }, { name = "error", type = "string", required = false } },
      children = false, action = true, engine_only = false },
    { name = "fallback", members = { { name = "componentType", type = "string", required = true }, { name = "text", type = "string", required = false } },
      children = false, action = false, engine_only = true },
    { name = "error", members = { { name = "message", type = "string", required = true } },
      children = false, action = false, engine_only = true },
    { name = "grid", members = {},
      children = true, action = true, engine_only = false },
    { name = "paragraph", members = { { name = "runs", type = "runs", required = true } },
      children = false, action = false, engine_only = false },
    { name = "wrap", members = {},
      children = true, action = true, engine_only = false },
    { name = "rail", members = {},
      children = true, action = true, engine_only = false },
    { name = "pager", members = { { name = "page", type = "number", required = false } },
      children = true, action = true, engine_only = false },
    { name = "divider", members = { { name = "thickness", type = "number", required = false } },
      children = false, action = false, engine_only = false },
  },
  -- Style fields, in the core's order, with the values each takes:
  -- string, nonNegative (a finite number >= 0), dimension (nonNegative or
  -- "fill"), padding (nonNegative or a table of padding_edges), opacity
  -- (0 to 1), lineLimit (an integer 0 to 2^31-1), enum (one of values).
  style = {
    { name = "font", type = "string" },
    { name = "fontWeight", type = "string" },
    { name = "color", type = "string" },
    { name = "background", type = "string" },
    { name = "padding", type = "padding" },
    { name = "spacing", type = "nonNegative" },
    { name = "alignment", type = "enum", values = { "leading", "center", "trailing", "top", "bottom" } },
    { name = "distribution", type = "enum", values = { "start", "center", "end", "spaceBetween", "spaceAround", "fill" } },
    { name = "width", type = "dimension" },
    { name = "height", type = "dimension" },
    { name = "minWidth", type = "nonNegative" },
    { name = "maxWidth", type = "nonNegative" },
    { name = "minHeight", type = "nonNegative" },
    { name = "maxHeight", type = "nonNegative" },
    { name = "weight", type = "nonNegative" },
    { name = "cornerRadius", type = "nonNegative" },
    { name = "opacity", type = "opacity" },
    { name = "lineLimit", type = "lineLimit" },
    { name = "aspectRatio", type = "positive" },
    { name = "fit", type = "enum", values = { "contain", "cover", "fill" } },
    { name = "textAlignment", type = "enum", values = { "leading", "center", "trailing" } },
    { name = "borderWidth", type = "nonNegative" },
    { name = "borderColor", type = "string" },
    { name = "backgroundImage", type = "string" },
    { name = "backgroundFit", type = "enum", values = { "cover", "repeat", "fill" } },
    { name = "direction", type = "enum", values = { "ltr", "rtl" } },
    { name = "bleed", type = "boolean" },
  },
  padding_edges = { "top", "leading", "bottom", "trailing" },
  action_members = { "type", "payload", "inputs" },
  node_members = { "type", "id", "key", "style", "action", "accessibility", "children" },
  -- The accessibility table every node may carry: its members (strings),
  -- and the roles its role may name.
  accessibility_members = { "label", "role", "hint" },
  accessibility_roles = { "button", "link", "heading", "image", "text", "checkbox", "radio", "radiogroup", "switch", "slider", "textbox", "list", "listitem", "tab", "group", "alert", "progressbar", "none" },
}
