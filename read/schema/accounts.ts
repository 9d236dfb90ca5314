/** The REST/MCP contract of logins and researcher profiles, in zod (see api.ts). */
import { z } from "zod";
import { CompactConference, CompactJournal } from "./api.ts";

/** A researcher id as REST takes it from the path and MCP as an argument; anything else is answered 404. */
export const ResearcherId = z.string().min(1).max(64);

export const ResearcherIdPath = z.object({
  id: ResearcherId.meta({ param: { name: "id", in: "path" }, description: "Researcher id." }),
});

export const LoginBody = z
  .object(
    {
      email: z.email({ error: "email must be an e-mail address" }).max(320),
      password: z
        .string({ error: "password is required" })
        .min(1, { error: "password is required" })
        .max(1024),
    },
    { error: 'body must be a JSON object {"email": "...", "password": "..."}' },
  )
  .meta({ id: "LoginRequest" });
export type LoginBody = z.output<typeof LoginBody>;

export const LoginResult = z
  .object({
    token: z.string().meta({ description: "JWT, valid about six months." }),
    token_type: z.literal("Bearer"),
    expires_in: z.int().min(1).meta({ description: "Seconds until the token expires." }),
    user_id: z.string(),
  })
  .meta({ id: "LoginResult" });
export type LoginResult = z.output<typeof LoginResult>;

export const ResearcherProfile = z
  .object({
    id: z.string(),
    display_name: z.string(),
    institution: z.string().nullable(),
    research_summary: z.string().nullable().meta({ description: "Generated summary of research interests." }),
    cv: z.string().nullable().meta({ description: "CV as Markdown text." }),
    tracked_conferences: z.array(CompactConference),
    tracked_journals: z.array(CompactJournal),
    attended_conferences: z.array(CompactConference),
  })
  .meta({ id: "ResearcherProfile", description: "Public profile; never holds contact details." });
export type ResearcherProfile = z.output<typeof ResearcherProfile>;
