#include "guide_reader.h"

#include "fields.h"
#include "file_report.h"
#include "markdown_checks.h"

namespace rlab::content {

namespace {

void readSections(const YamlNode& list, FileReport& report, Guide& guide)
{
    if (list.items.empty())
        report.error(list, "the guide has no sections");
    UniqueIds seen("section");
    for (const YamlNodePtr& item : list.items) {
        const Fields fields(*item, report, describe(*item, "section"), {"id", "title", "body"}, {});
        GuideSection section;
        section.id = fields.id("id").value_or("");
        section.title.value = fields.text("title").value_or("");
        section.body.value = fields.text("body").value_or("");
        if (!section.body.value.empty())
            checkMarkdown(*fields.node("body"), report, "body");
        if (!section.id.empty())
            seen.add(section.id, *fields.node("id"), report);
        guide.sections.push_back(std::move(section));
    }
}

void readReferences(const YamlNode& list, FileReport& report, Guide& guide)
{
    UniqueIds seen("reference");
    for (const YamlNodePtr& item : list.items) {
        const Fields fields(*item, report, describe(*item, "reference"), {"id", "text"}, {"url"});
        Reference reference;
        reference.id = fields.id("id").value_or("");
        reference.text = fields.text("text").value_or("");
        reference.url = fields.text("url").value_or("");
        if (!reference.url.empty() && !reference.url.starts_with("https://")
            && !reference.url.starts_with("http://"))
            report.error(
                *fields.node("url"), "url must start with https:// or http://, not '" + reference.url + "'");
        if (!reference.id.empty())
            seen.add(reference.id, *fields.node("id"), report);
        guide.references.push_back(std::move(reference));
    }
}

} // namespace

std::optional<Guide> readGuide(const YamlNode& root, FileReport& report, const std::string& folderId)
{
    const int before = report.count();
    const Fields fields(root, report, "the guide", {"schema", "id", "title", "sections"}, {"references"});
    checkSchemaVersion(fields, report);
    Guide guide;
    if (auto id = fields.id("id")) {
        if (*id != folderId)
            report.error(
                *fields.node("id"), "guide id '" + *id + "' must equal its folder name '" + folderId + "'");
        guide.id = *id;
    }
    guide.title.value = fields.text("title").value_or("");
    if (const YamlNode* sections = fields.list("sections"))
        readSections(*sections, report, guide);
    if (const YamlNode* references = fields.list("references"))
        readReferences(*references, report, guide);
    if (report.count() > before)
        return std::nullopt;
    return guide;
}

bool readGuideTranslation(const YamlNode& root, FileReport& report, const Guide& source,
    const std::string& language, Translations& table)
{
    const int before = report.count();
    const Fields fields(
        root, report, "the translation", {"schema", "language", "guide"}, {"title", "sections"});
    checkTranslationHeader(fields, report, language, "guide", source.id);
    Translations found;
    readTranslatedText(fields, "title", guideTextPath(source.id, "title"), found);
    if (const YamlNode* sections = fields.mapping("sections")) {
        for (const YamlEntry& entry : sections->entries) {
            bool known = false;
            for (const GuideSection& section : source.sections)
                known = known || section.id == entry.key;
            if (!known) {
                report.error(entry, "section '" + entry.key + "' does not exist in the English source");
                continue;
            }
            const Fields text(*entry.value, report, "section '" + entry.key + "'", {}, {"title", "body"});
            readTranslatedText(text, "title", sectionTextPath(source.id, entry.key, "title"), found);
            readTranslatedText(text, "body", sectionTextPath(source.id, entry.key, "body"), found);
            if (const YamlNode* body = text.node("body"))
                checkMarkdown(*body, report, "body");
        }
    }
    if (report.count() > before)
        return false;
    table.merge(found);
    return true;
}

} // namespace rlab::content
