// Small catalogues for the editor: one in each accepted shape.
export const EXAMPLE_ARRAY = `[
  {
    "id": "billing__refund_invoice",
    "description": "Refund a paid invoice, fully or partly. Returns the credit note.",
    "tags": ["billing", "payments"],
    "aliases": ["give money back", "credit note"],
    "params": [
      { "name": "invoiceId", "description": "Invoice to refund" },
      { "name": "amount", "description": "Amount in cents; the whole invoice when absent" }
    ]
  },
  {
    "id": "billing__charge_invoice",
    "description": "Charge an open invoice to the customer's saved card.",
    "tags": ["billing", "payments"],
    "params": [{ "name": "invoiceId" }]
  },
  {
    "id": "crm__find_customer",
    "description": "Find customers by name, email or company. Returns up to 20 matches.",
    "tags": ["crm"],
    "aliases": ["look up a client"],
    "params": [{ "name": "query", "description": "Name, email or company" }]
  },
  {
    "id": "support__open_ticket",
    "description": "Open a support ticket for a customer and assign it to the on-call agent.",
    "tags": ["support", "helpdesk"],
    "aliases": ["file a complaint"],
    "params": [{ "name": "customerId" }, { "name": "subject" }, { "name": "body" }]
  },
  {
    "id": "calendar__schedule_meeting",
    "description": "Schedule a meeting and send invitations to the attendees.",
    "tags": ["calendar"],
    "aliases": ["book a call"],
    "params": [{ "name": "title" }, { "name": "start", "description": "ISO 8601 start time" }, { "name": "attendees" }]
  }
]
`;

export const EXAMPLE_TOOLS_LIST = `{
  "tools": [
    {
      "name": "get_forecast",
      "description": "Get the weather forecast for a location for the next days.",
      "inputSchema": {
        "type": "object",
        "properties": {
          "latitude": { "type": "number", "description": "Latitude of the location" },
          "longitude": { "type": "number", "description": "Longitude of the location" },
          "days": { "type": "integer", "description": "Number of days, 1 to 7" }
        }
      }
    },
    {
      "name": "get_alerts",
      "description": "Get active weather alerts (storms, floods, heat) for a US state.",
      "inputSchema": {
        "type": "object",
        "properties": { "state": { "type": "string", "description": "Two-letter state code, e.g. CA" } }
      }
    }
  ]
}
`;
