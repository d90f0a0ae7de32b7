import { z } from "~/utils/zod";
import { checkbox, emailAddress } from "~/utils/schema-fields";

/** docs/product/validation.md#client-access-form: the client's e-mail (required) and the four flags (default on). */
export const ClientAccessSchema = z.object({
  clientEmail: emailAddress("Invalid email address", "Client email is required"),
  canEditTimeline: checkbox,
  canEditShots: checkbox,
  canEditPeople: checkbox,
  canEditVendors: checkbox,
});
